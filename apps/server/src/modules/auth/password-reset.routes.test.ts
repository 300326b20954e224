import { MSG } from '@cpq/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '../../db/schema';
import { sha256Hex } from '../../lib/digest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { auditActionsOf, callFrom, freshIp, manualClock } from './auth.test-support';
import { consumePasswordReset } from './password-reset.service';

const clock = manualClock();
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.deps.db.delete(mailOutbox);
});

const forgot = (body: unknown, ip = freshIp()) => callFrom(t, ip, 'auth/forgotPassword', body);
const lookup = (id: string, ip = freshIp()) =>
  callFrom(t, ip, 'userManagement/getPasswordResetRequest', { passwordResetRequestId: id });

/** The reset id from the newest mail to `username` (the only place the raw id exists). */
async function resetIdMailedTo(username: string): Promise<string> {
  // Newest first by id: without an order, PostgreSQL returns rows the mailer has since updated in any order.
  const mails = await t.deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  const mail = mails.find((row) => row.to.includes(username));
  const match = mail?.textBody.match(/\/ResetPassword\?request=([\w-]+)/);
  if (!match?.[1]) throw new Error(`No reset mail to ${username}`);
  return match[1];
}

describe('auth/forgotPassword', () => {
  it('mails a one-hour reset link and stores only the hash of its id', async () => {
    const { user } = await createUser(t.deps.db);
    expect(resultOf(await forgot({ username: user.username }))).toEqual({ sent: true });
    const [mail] = await t.deps.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: [user.username], subject: 'Reset your Open CPQ password', pid: 'default' });
    expect(mail?.htmlBody).toContain('http://cpq.test/ResetPassword?request=');
    expect(mail?.htmlBody).toContain('Open CPQ');
    const rawId = await resetIdMailedTo(user.username);
    expect(rawId).toHaveLength(43);
    const [reset] = await t.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(reset?.tokenHash).toBe(sha256Hex(rawId));
    expect(reset?.tokenHash).not.toContain(rawId);
    expect(reset?.expiresAt.getTime()).toBe(clock.now().getTime() + 60 * 60 * 1000);
    expect(await auditActionsOf(t, user.id)).toContain('auth.passwordReset.requested');
  });

  it('answers the same for an unknown username, and mails nothing', async () => {
    const { user } = await createUser(t.deps.db);
    const known = await forgot({ username: user.username });
    const unknown = await forgot({ username: 'no-such-user@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const mails = await t.deps.db.select().from(mailOutbox);
    expect(mails.map((mail) => mail.to)).toEqual([[user.username]]);
  });

  it.each([
    [{}, MSG.emailRequired],
    [{ username: '' }, MSG.emailRequired],
    [{ username: 'not an email' }, MSG.invalidEmail],
  ])('validates %j', async (body, message) => {
    expectFieldError(await forgot(body), 'username', message);
  });

  it('refuses unknown fields and wrong types', async () => {
    expectFailure(await forgot({ username: 'a@example.com', redirect: 'x' }), 'VALIDATION_FAILED', undefined, 400);
    expectFailure(await forgot({ username: ['a@example.com'] }), 'VALIDATION_FAILED', undefined, 400);
  });

  it('limits requests to three per account and five per address in fifteen minutes', async () => {
    const { user } = await createUser(t.deps.db);
    for (let attempt = 1; attempt <= 3; attempt += 1) resultOf(await forgot({ username: user.username }));
    expectFailure(await forgot({ username: user.username }), 'RATE_LIMITED', MSG.tooManyRequests, 429);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1)
      resultOf(await forgot({ username: `x${attempt}@example.com` }, ip));
    expectFailure(await forgot({ username: 'x6@example.com' }, ip), 'RATE_LIMITED', MSG.tooManyRequests, 429);
    clock.advance(15 * 60 * 1000 + 1000);
    resultOf(await forgot({ username: user.username }, ip));
  });
});

describe('userManagement/getPasswordResetRequest', () => {
  it('describes a valid request', async () => {
    const { user } = await createUser(t.deps.db);
    resultOf(await forgot({ username: user.username }));
    const rawId = await resetIdMailedTo(user.username);
    expect(resultOf(await lookup(rawId))).toEqual({
      passwordResetRequestId: rawId,
      userId: user.id,
      username: user.username,
      expirationDate: new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString(),
    });
  });

  it('says the link expired after one hour', async () => {
    const { user } = await createUser(t.deps.db);
    resultOf(await forgot({ username: user.username }));
    const rawId = await resetIdMailedTo(user.username);
    clock.advance(59 * 60 * 1000);
    resultOf(await lookup(rawId));
    clock.advance(60 * 1000);
    expectFailure(await lookup(rawId), 'RESET_EXPIRED', 'Your login token has expired.', 410);
  });

  it('says an unknown request is invalid', async () => {
    expectFailure(await lookup('no-such-request'), 'RESET_INVALID', 'Invalid password reset request.', 404);
  });

  it('is used once, and a newer request replaces older ones', async () => {
    const { user } = await createUser(t.deps.db);
    resultOf(await forgot({ username: user.username }));
    const older = await resetIdMailedTo(user.username);
    resultOf(await forgot({ username: user.username }));
    const newer = await resetIdMailedTo(user.username);
    expect(newer).not.toBe(older);
    expectFailure(await lookup(older), 'RESET_EXPIRED', MSG.resetExpired);

    const now = clock.now();
    const used = await t.deps.db.transaction((tx) => consumePasswordReset(tx, newer, now));
    expect(used).toMatchObject({ userId: user.id });
    expectFailure(await lookup(newer), 'RESET_EXPIRED', MSG.resetExpired);
    await expect(t.deps.db.transaction((tx) => consumePasswordReset(tx, newer, now))).rejects.toMatchObject({
      code: 'RESET_EXPIRED',
      message: MSG.resetExpired,
    });
    await expect(consumePasswordReset(t.deps.db, 'unknown', now)).rejects.toMatchObject({
      code: 'RESET_INVALID',
      message: MSG.resetInvalid,
    });
  });

  it('lifts a sign-in lockout when the reset is used', async () => {
    const { user } = await createUser(t.deps.db);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await callFrom(t, freshIp(), 'auth/login', { username: user.username, password: 'Wrong#Pass1' });
    }
    resultOf(await forgot({ username: user.username }));
    await consumePasswordReset(t.deps.db, await resetIdMailedTo(user.username), clock.now());
    clock.advance(61_000);
    const response = await callFrom(t, freshIp(), 'auth/login', { username: user.username, password: 'Factory#Pass1' });
    resultOf(response);
  });

  it('validates the request id and limits lookups to thirty a minute per address', async () => {
    expectFailure(await lookup(''), 'VALIDATION_FAILED', undefined, 400);
    const noField = await callFrom(t, freshIp(), 'userManagement/getPasswordResetRequest', {});
    expectFailure(noField, 'VALIDATION_FAILED', undefined, 400);
    const ip = freshIp();
    for (let attempt = 1; attempt <= 30; attempt += 1)
      expectFailure(await lookup(`guess-${attempt}`, ip), 'RESET_INVALID');
    expectFailure(await lookup('guess-31', ip), 'RATE_LIMITED', MSG.tooManyRequests, 429);
  });
});
