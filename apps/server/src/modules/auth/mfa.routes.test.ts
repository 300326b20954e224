import { MFA, MSG } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema';
import { currentTotp } from '../../lib/totp';
import { DEMO_USERS } from '../../seed/seed';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callFrom, confirmMailboxFrom, freshIp, manualClock } from './auth.test-support';

const clock = manualClock();
const STEP_MS = MFA.periodSeconds * 1000;
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true, clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

const demo = (username: string) => DEMO_USERS.find((user) => user.username === username)!;
const login = (body: unknown) => callFrom(t, freshIp(), 'auth/login', body);
const authorize = (body: unknown) => callFrom(t, freshIp(), 'auth/authorize', body);
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`;
type TPending = {
  mfaRequired: true;
  platformRequiresMFA: boolean;
  secret: string;
  mailboxCheck: boolean;
  enrollment: { secret: string } | null;
};
/** The first enrolment: the password step mails a code; the code answers the enrolment and a fresh ticket. */
const enrol = async (username: string, password: string, extra: Record<string, unknown> = {}) => {
  const first = resultOf<TPending>(await login({ username, password, ...extra }));
  expect(first).toMatchObject({ mailboxCheck: true, enrollment: null });
  return resultOf<TPending>(await confirmMailboxFrom(t, freshIp(), username, first.secret));
};

describe('multi-factor sign-in on a platform that requires it', () => {
  it('enrols on first sign-in, accepts each code once, and needs no enrolment next time', async () => {
    const { username, password } = demo('sales@secure.opencpq.dev');
    const first = resultOf<TPending & Record<string, unknown>>(await login({ username, password }));
    expect(first).toMatchObject({ mfaRequired: true, platformRequiresMFA: true, mailboxCheck: true, enrollment: null });
    expect(first).not.toHaveProperty('token');
    const enrolled = resultOf<TPending>(await confirmMailboxFrom(t, freshIp(), username, first.secret));
    expect(enrolled).toMatchObject({ mfaRequired: true, platformRequiresMFA: true, mailboxCheck: false });
    expect(enrolled.enrollment).toMatchObject({
      secret: expect.stringMatching(/^[A-Z2-7]+$/),
      otpauthUrl: expect.stringContaining('otpauth://totp/'),
      qrCode: expect.stringMatching(/^data:image\/png;base64,/),
    });
    // The ticket is not a session.
    expectFailure(await t.call('auth/getSecret', {}, first.secret), 'UNAUTHENTICATED', undefined, 401);

    const enrolSecret = enrolled.enrollment!.secret;
    const wrongCode = currentTotp(enrolSecret, username, new Date(clock.now().getTime() + 10 * STEP_MS));
    const wrong = await authorize({ username, token: spaced(wrongCode), secret: enrolled.secret });
    expectFailure(wrong, 'INVALID_PASSCODE', MSG.incorrectPasscode, 401);

    const code = currentTotp(enrolSecret, username, clock.now());
    const session = resultOf<{ token: string; user: Record<string, unknown> }>(
      await authorize({ username, token: spaced(code), secret: enrolled.secret }),
    );
    expect(session.user).toMatchObject({ username, enableMFA: true, hasMfaSecret: true, isLoggedIn: true });
    const [row] = await t.deps.db.select().from(users).where(eq(users.username, username));
    expect(row).toMatchObject({ mfaSecret: enrolSecret, mfaPendingSecret: null, enableMfa: true });
    resultOf(await t.call('auth/logout', {}, session.token));

    // The same code a second time is refused, even with a fresh ticket.
    const again = resultOf<TPending>(await login({ username, password }));
    expect(again).toMatchObject({ mailboxCheck: false, enrollment: null });
    const replay = await authorize({ username, token: code, secret: again.secret });
    expectFailure(replay, 'INVALID_PASSCODE', MSG.incorrectPasscode, 401);

    clock.advance(STEP_MS);
    const next = currentTotp(enrolSecret, username, clock.now());
    resultOf(await authorize({ username, token: next, secret: again.secret }));

    const actions = (
      await t.deps.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, String(row?.id)))
    ).map((event) => event.action);
    expect(actions).toContain('auth.mfa.enrolled');
  });

  it('keeps the ticket short-lived and bound to its username', async () => {
    const { username, password } = demo('visitor@secure.opencpq.dev');
    const pending = await enrol(username, password);
    const code = currentTotp(pending.enrollment!.secret, username, clock.now());
    const otherUser = await authorize({ username: 'admin@secure.opencpq.dev', token: code, secret: pending.secret });
    expectFailure(otherUser, 'UNAUTHENTICATED', MSG.sessionExpired, 401);
    const forged = await authorize({ username, token: code, secret: `${pending.secret}x` });
    expectFailure(forged, 'UNAUTHENTICATED', MSG.sessionExpired, 401);
    clock.advance(6 * 60 * 1000);
    const late = currentTotp(pending.enrollment!.secret, username, clock.now());
    expectFailure(
      await authorize({ username, token: late, secret: pending.secret }),
      'UNAUTHENTICATED',
      MSG.sessionExpired,
    );
  });

  it('carries "keep me logged in" from the password step to the session', async () => {
    const { username, password } = demo('admin@secure.opencpq.dev');
    const pending = await enrol(username, password, { stayLoggedIn: true });
    const code = currentTotp(pending.enrollment!.secret, username, clock.now());
    const session = resultOf<{ expiresAt: number }>(await authorize({ username, token: code, secret: pending.secret }));
    expect(session.expiresAt).toBe(Math.floor(clock.now().getTime() / 1000) + 30 * 24 * 60 * 60);
  });

  it.each([
    [{ token: undefined }, 'token', MSG.noPasscode],
    [{ token: '' }, 'token', MSG.noPasscode],
    [{ token: '123 45' }, 'token', MSG.passcodeSixNumbers],
    [{ token: '1234567' }, 'token', MSG.passcodeSixNumbers],
    [{ token: '12a 456' }, 'token', MSG.passcodeOnlyNumbers],
    [{ username: 'nope' }, 'username', MSG.invalidEmail],
    [{ username: '' }, 'username', MSG.emailRequired],
  ])('validates %j', async (override, path, message) => {
    const body = { username: 'sales@secure.opencpq.dev', token: '123 456', secret: 'ticket', ...override };
    expectFieldError(await authorize(body), path, message);
  });

  it('refuses unknown fields and wrong types', async () => {
    const base = { username: 'sales@secure.opencpq.dev', token: '123 456', secret: 'ticket' };
    expectFailure(await authorize({ ...base, isVerified: true }), 'VALIDATION_FAILED', undefined, 400);
    expectFailure(await authorize({ ...base, secret: 12 }), 'VALIDATION_FAILED', undefined, 400);
  });
});

describe('multi-factor chosen by the user', () => {
  it('applies on a platform that does not require it, with platformRequiresMFA false', async () => {
    const { user, password } = await createUser(t.deps.db, { enableMfa: true });
    const pending = resultOf<TPending>(await login({ username: user.username, password }));
    expect(pending).toMatchObject({ mfaRequired: true, platformRequiresMFA: false, mailboxCheck: true });
    expect(pending.enrollment).toBeNull();
  });
});

describe('auth/getSecret', () => {
  it('needs a session', async () => {
    expectFailure(await t.call('auth/getSecret', {}), 'UNAUTHENTICATED', MSG.signInRequired, 401);
  });

  it('answers a new pending secret, shown once, without replacing the enrolled one', async () => {
    const { user, token } = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { mfaSecret: 'JBSWY3DPEHPK3PXP' });
    const enrollment = resultOf<{ secret: string; otpauthUrl: string }>(await t.call('auth/getSecret', {}, token));
    expect(enrollment.otpauthUrl).toContain(encodeURIComponent(user.username));
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mfaPendingSecret).toBe(enrollment.secret);
    expect(row?.mfaSecret).toBe('JBSWY3DPEHPK3PXP');
    expect(row?.mfaPendingExpiresAt?.getTime()).toBe(clock.now().getTime() + 15 * 60 * 1000);
  });

  it('refuses a body with fields', async () => {
    const { token } = await signedInUser(t.deps.db, t.deps.config.tokenSecret);
    expectFailure(await t.call('auth/getSecret', { username: 'x@example.com' }, token), 'VALIDATION_FAILED');
  });
});
