import { MSG } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { currentTotp } from '../../lib/totp';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatform, createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import {
  auditActionsOf,
  callFrom,
  confirmMailboxFrom,
  freshIp,
  mailboxCodeOf,
  mailboxMailCount,
  manualClock,
} from './auth.test-support';
import { MAIL_CODE_MAX_TRIES, MAIL_CODE_TTL_MS } from './mailbox-check.service';
import { createSignInTicket } from './mfa.service';
import { throttleDelayMs } from './sign-in-throttle';

const clock = manualClock();
let t: TTestApp;
let securePid: string;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  securePid = (await createPlatform(t.deps.db, { requireMfa: true })).id;
});
afterAll(async () => {
  await t.close();
});

type TPending = { secret: string; mailboxCheck: boolean; enrollment: { secret: string; qrCode: string } | null };
const login = (body: unknown) => callFrom(t, freshIp(), 'auth/login', body);
const confirm = (body: unknown) => callFrom(t, freshIp(), 'auth/confirmMailbox', body);
const secureUser = () => createUser(t.deps.db, { pid: securePid });
const rowOf = async (id: number) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('first enrolment needs proof of the mailbox', () => {
  it('answers no authenticator secret for the password alone (the attack), only a mailed code', async () => {
    const { user, password } = await secureUser();
    const pending = resultOf<TPending & Record<string, unknown>>(await login({ username: user.username, password }));
    expect(pending).toMatchObject({ mfaRequired: true, mailboxCheck: true, enrollment: null });
    expect(JSON.stringify(pending)).not.toMatch(/otpauth|data:image/);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ mfaSecret: null, mfaPendingSecret: null, mfaMailCodeAttempts: 0 });
    const code = await mailboxCodeOf(t, user.username);
    // Stored as a keyed hash only, for ten minutes.
    expect(row.mfaMailCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.mfaMailCodeHash).not.toContain(code);
    expect(row.mfaMailCodeExpiresAt?.getTime()).toBe(clock.now().getTime() + MAIL_CODE_TTL_MS);
    // Without the code the ticket cannot finish a sign-in: no secret is pending.
    const guess = await callFrom(t, freshIp(), 'auth/authorize', {
      username: user.username,
      token: code,
      secret: pending.secret,
    });
    expectFailure(guess, 'BAD_REQUEST', MSG.mfaEnrolmentExpired, 400);
  });

  it('answers the enrolment after the mailed code, once; the authenticator code then signs in', async () => {
    const { user, password } = await secureUser();
    const pending = resultOf<TPending>(await login({ username: user.username, password }));
    const code = await mailboxCodeOf(t, user.username);
    const enrolled = resultOf<TPending>(
      await confirm({ username: user.username, code: `${code.slice(0, 3)} ${code.slice(3)}`, secret: pending.secret }),
    );
    expect(enrolled).toMatchObject({ mailboxCheck: false, enrollment: { qrCode: expect.stringMatching(/^data:/) } });
    expect((await rowOf(user.id)).mfaPendingSecret).toBe(enrolled.enrollment?.secret);
    // Single use: the same code again is refused.
    const replay = await confirm({ username: user.username, code, secret: pending.secret });
    expectFailure(replay, 'BAD_REQUEST', MSG.mailCodeMissing, 400);

    const totp = currentTotp(enrolled.enrollment!.secret, user.username, clock.now());
    const session = resultOf<{ user: Record<string, unknown> }>(
      await callFrom(t, freshIp(), 'auth/authorize', { username: user.username, token: totp, secret: enrolled.secret }),
    );
    expect(session.user).toMatchObject({ hasMfaSecret: true });
    const actions = await auditActionsOf(t, user.id);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.mfa.mailboxCodeSent', 'auth.mfa.enrolmentStarted', 'auth.mfa.enrolled']),
    );
    // Enrolled: the next sign-in mails nothing.
    const mails = await mailboxMailCount(t, user.username);
    const next = resultOf<TPending>(await login({ username: user.username, password }));
    expect(next).toMatchObject({ mailboxCheck: false, enrollment: null });
    expect(await mailboxMailCount(t, user.username)).toBe(mails);
  });

  it('limits wrong codes: after five the code is void and the user signs in again', async () => {
    const { user, password } = await secureUser();
    const pending = resultOf<TPending>(await login({ username: user.username, password }));
    const code = await mailboxCodeOf(t, user.username);
    const wrong = { username: user.username, code: otherCode(code), secret: pending.secret };
    for (let attempt = 1; attempt < MAIL_CODE_MAX_TRIES; attempt += 1) {
      expectFailure(await confirm(wrong), 'INVALID_PASSCODE', MSG.mailCodeWrong, 401);
    }
    expectFailure(await confirm(wrong), 'INVALID_PASSCODE', MSG.mailCodeTooManyTries, 401);
    // Wrong codes count in the sign-in throttle too: the next attempt waits.
    expectFailure(await confirm({ ...wrong, code }), 'RATE_LIMITED', MSG.signInThrottled, 429);
    clock.advance(throttleDelayMs(MAIL_CODE_MAX_TRIES));
    // Even the right code no longer works.
    const right = await confirm({ ...wrong, code });
    expectFailure(right, 'BAD_REQUEST', MSG.mailCodeTooManyTries, 400);
    expect((await rowOf(user.id)).mfaPendingSecret).toBeNull();
    // Positive control: signing in again mails a new code that works.
    const again = resultOf<TPending>(await login({ username: user.username, password }));
    resultOf(await confirmMailboxFrom(t, freshIp(), user.username, again.secret));
  });

  it('lets a code expire after ten minutes: a new code is mailed ("We sent a new code") and works', async () => {
    const { user, password } = await secureUser();
    resultOf<TPending>(await login({ username: user.username, password }));
    const code = await mailboxCodeOf(t, user.username);
    clock.advance(MAIL_CODE_TTL_MS - 4 * 60 * 1000);
    // A ticket signed later than the code (five minutes) is still live when the code expires (ten minutes).
    const ticket = await createSignInTicket(t.deps, user.username, false);
    clock.advance(4 * 60 * 1000);
    const expired = await confirm({ username: user.username, code, secret: ticket });
    expectFailure(expired, 'BAD_REQUEST', MSG.mailCodeExpired, 400);
    expect(await mailboxMailCount(t, user.username)).toBe(2);
    const newCode = await mailboxCodeOf(t, user.username);
    if (newCode !== code)
      expectFailure(await confirm({ username: user.username, code, secret: ticket }), 'INVALID_PASSCODE');
    resultOf(await confirm({ username: user.username, code: newCode, secret: ticket }));
  });

  it('tells to sign in again when the ticket expired, and binds the code to the ticket user', async () => {
    const { user, password } = await secureUser();
    const other = await secureUser();
    const pending = resultOf<TPending>(await login({ username: user.username, password }));
    const code = await mailboxCodeOf(t, user.username);
    const otherPending = resultOf<TPending>(await login({ username: other.user.username, password: other.password }));
    // Another user's ticket with this user's code: that user's code is checked, and this one is wrong there.
    const crossed = await confirm({ username: other.user.username, code, secret: otherPending.secret });
    if (code !== (await mailboxCodeOf(t, other.user.username))) expectFailure(crossed, 'INVALID_PASSCODE');
    const mismatch = await confirm({ username: other.user.username, code, secret: pending.secret });
    expectFailure(mismatch, 'UNAUTHENTICATED', MSG.sessionExpired, 401);
    clock.advance(6 * 60 * 1000);
    const late = await confirm({ username: user.username, code, secret: pending.secret });
    expectFailure(late, 'UNAUTHENTICATED', MSG.sessionExpired, 401);
  });

  it.each([
    [{ code: undefined }, 'code', MSG.noPasscode],
    [{ code: '12345' }, 'code', MSG.passcodeSixNumbers],
    [{ code: '12a456' }, 'code', MSG.passcodeOnlyNumbers],
    [{ username: 'nope' }, 'username', MSG.invalidEmail],
  ])('validates %j', async (override, path, message) => {
    const body = { username: 'a@example.com', code: '123456', secret: 'ticket', ...override };
    expectFieldError(await confirm(body), path, message);
  });
});

describe('userManagement/resetMfaEnrollment', () => {
  async function enrolledUser(pid = securePid) {
    const created = await createUser(t.deps.db, { pid, mfaSecret: 'JBSWY3DPEHPK3PXP', enableMfa: true });
    return created;
  }

  it('lets an administrator of the platform reset a user: the next sign-in goes through the mailbox', async () => {
    const { user, password } = await enrolledUser();
    const before = resultOf<TPending>(await login({ username: user.username, password }));
    expect(before.mailboxCheck).toBe(false);
    const admin = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 5, pid: securePid });
    resultOf(await callFrom(t, freshIp(), 'userManagement/resetMfaEnrollment', { id: user.id }, admin.token));
    expect(await rowOf(user.id)).toMatchObject({ mfaSecret: null, mfaPendingSecret: null });
    expect(await auditActionsOf(t, user.id)).toContain('auth.mfa.reset');
    const after = resultOf<TPending>(await login({ username: user.username, password }));
    expect(after).toMatchObject({ mailboxCheck: true, enrollment: null });
    resultOf(await confirmMailboxFrom(t, freshIp(), user.username, after.secret));
  });

  it("refuses another platform's administrator, and lets level 9 reset any user", async () => {
    const { user } = await enrolledUser();
    const stranger = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 5, pid: 'default' });
    const refused = await callFrom(t, freshIp(), 'userManagement/resetMfaEnrollment', { id: user.id }, stranger.token);
    expectFailure(refused, 'NOT_FOUND', MSG.notFound, 404);
    expect((await rowOf(user.id)).mfaSecret).toBe('JBSWY3DPEHPK3PXP');
    const root = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 9, pid: 'default' });
    resultOf(await callFrom(t, freshIp(), 'userManagement/resetMfaEnrollment', { id: user.id }, root.token));
    expect((await rowOf(user.id)).mfaSecret).toBeNull();
  });

  it('refuses users below administrator and the signed-out', async () => {
    const { user } = await enrolledUser();
    const sales = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: securePid });
    expectFailure(
      await callFrom(t, freshIp(), 'userManagement/resetMfaEnrollment', { id: user.id }, sales.token),
      'FORBIDDEN',
      undefined,
      403,
    );
    expectFailure(
      await callFrom(t, freshIp(), 'userManagement/resetMfaEnrollment', { id: user.id }),
      'UNAUTHENTICATED',
      undefined,
      401,
    );
    expect((await rowOf(user.id)).mfaSecret).toBe('JBSWY3DPEHPK3PXP');
  });
});
