import { MSG } from '@cpq/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResets } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.deps.db.delete(mailOutbox);
});

const send = (body: unknown, token?: string) => t.call('administration/emailNewUserPassword', body, token);
const admin = (options: Parameters<typeof signedInUser>[2] = {}) =>
  signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 5, ...options });

describe('administration/emailNewUserPassword', () => {
  it('mails the sign-in address and a 72-hour set-password link, never the password', async () => {
    const { token } = await admin();
    const { user } = await createUser(t.deps.db, { firstName: 'Nia' });
    const password = 'Chosen#ByAdmin7';
    expect(resultOf(await send({ username: user.username, password }, token))).toEqual({ sent: true });
    const [mail] = await t.deps.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: [user.username], subject: 'Your Open CPQ account' });
    expect(mail?.textBody).toContain(user.username);
    expect(mail?.textBody).toContain('Hello Nia,');
    expect(mail?.textBody).toMatch(/http:\/\/cpq\.test\/ResetPassword\?request=[\w-]{43}/);
    expect(JSON.stringify(mail)).not.toContain(password);
    const resets = await t.deps.db.select().from(passwordResets);
    const reset = resets.find((row) => row.userId === user.id);
    const hours = ((reset?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const rawId = mail?.textBody.match(/request=([\w-]+)/)?.[1];
    const lookup = await t.call('userManagement/getPasswordResetRequest', { passwordResetRequestId: rawId });
    expect(resultOf(lookup)).toMatchObject({ userId: user.id, username: user.username });
  });

  it('needs a session and level 5', async () => {
    const { user } = await createUser(t.deps.db);
    expectFailure(await send({ username: user.username }), 'UNAUTHENTICATED', MSG.signInRequired, 401);
    const { token } = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 1 });
    expectFailure(await send({ username: user.username }, token), 'FORBIDDEN', MSG.forbidden, 403);
    expect(await t.deps.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("treats another platform's user as not found, unless the caller is level 9", async () => {
    const { token } = await admin();
    const { user: other } = await createUser(t.deps.db, { pid: 'elsewhere' });
    expectFailure(await send({ username: other.username }, token), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await send({ username: 'nobody@example.com' }, token), 'NOT_FOUND', MSG.notFound, 404);
    expect(await t.deps.db.select().from(mailOutbox)).toHaveLength(0);
    const { token: superToken } = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 9 });
    resultOf(await send({ username: other.username }, superToken));
  });

  it('validates the username and refuses unknown fields', async () => {
    const { token } = await admin();
    expectFieldError(await send({}, token), 'username', MSG.emailRequired);
    expectFieldError(await send({ username: 'nope' }, token), 'username', MSG.invalidEmail);
    expectFailure(await send({ username: 'a@example.com', cc: 'b@example.com' }, token), 'VALIDATION_FAILED');
    expectFailure(await send({ username: 'a@example.com', password: 42 }, token), 'VALIDATION_FAILED');
  });
});
