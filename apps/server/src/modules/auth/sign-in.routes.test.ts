import { MSG } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callFrom, freshIp, manualClock } from './auth.test-support';

const clock = manualClock();
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

const login = (body: unknown, ip = freshIp()) => callFrom(t, ip, 'auth/login', body);
const userRow = async (id: number) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('auth/login', () => {
  it('signs in with the right password: a session token, its expiry and the user, who shows as online', async () => {
    const { user, password } = await createUser(t.deps.db, { roleLevel: 5, guid: crypto.randomUUID() });
    const result = resultOf<{ token: string; expiresAt: number; user: unknown }>(
      await login({ username: user.username.toUpperCase(), password }),
    );
    expect(result).toMatchObject({ mfaRequired: false, platformRequiresMFA: false });
    expect(result.token).toEqual(expect.any(String));
    expect(result.expiresAt).toBe(Math.floor(clock.now().getTime() / 1000) + 12 * 60 * 60);
    expect(result.user).toEqual({
      version: user.version,
      id: user.id,
      _id: user.guid,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      roleId: 'admin',
      roleName: 'System Admin',
      roleLevel: 5,
      checkoutType: 'order',
      pid: 'default',
      enableMFA: false,
      hasMfaSecret: false,
      isLoggedIn: true,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    });
    expect(JSON.stringify(result)).not.toContain('$argon2');
    // The token works on a signed-in route.
    resultOf(await t.call('auth/getSecret', {}, result.token));
    expect((await userRow(user.id)).isLoggedIn).toBe(true);
    const events = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(user.id)));
    expect(events.map((event) => event.action)).toContain('auth.signIn.succeeded');
  });

  it("'Keep me logged in' makes the session last thirty days", async () => {
    const { user, password } = await createUser(t.deps.db);
    const result = resultOf<{ expiresAt: number }>(
      await login({ username: user.username, password, stayLoggedIn: true }),
    );
    expect(result.expiresAt).toBe(Math.floor(clock.now().getTime() / 1000) + 30 * 24 * 60 * 60);
  });

  it('stores passwords as argon2id', async () => {
    const { user } = await createUser(t.deps.db, { password: 'Another#Pass9' });
    expect(user.passwordHash.startsWith('$argon2id$')).toBe(true);
  });

  it('answers the same message for a wrong password and for an unknown user', async () => {
    const { user } = await createUser(t.deps.db);
    const wrong = await login({ username: user.username, password: 'Wrong#Pass1' });
    expectFailure(wrong, 'INVALID_CREDENTIALS', MSG.invalidCredentials, 401);
    const unknown = await login({ username: 'nobody-here@example.com', password: 'Wrong#Pass1' });
    expectFailure(unknown, 'INVALID_CREDENTIALS', MSG.invalidCredentials, 401);
    expect(unknown.body).toBe(wrong.body);
  });

  it.each([
    [{ password: 'x' }, 'username', MSG.emailRequired],
    [{ username: '', password: 'x' }, 'username', MSG.emailRequired],
    [{ username: 'not-an-email', password: 'x' }, 'username', MSG.invalidEmail],
    [{ username: 'a@example.com' }, 'password', MSG.passwordRequired],
    [{ username: 'a@example.com', password: '' }, 'password', MSG.passwordRequired],
  ])('validates %j: %s says %s', async (body, path, message) => {
    expectFieldError(await login(body), path, message);
  });

  it('refuses wrong types, unknown fields, malformed JSON and oversized bodies with the envelope, never 500', async () => {
    expectFieldError(await login({ username: 'a@example.com', password: 5 }), 'password', MSG.passwordRequired);
    const wrongType = await login({ username: 'a@example.com', password: 'x', stayLoggedIn: 'yes' });
    expectFailure(wrongType, 'VALIDATION_FAILED', undefined, 400);
    const unknown = expectFailure(
      await login({ username: 'a@example.com', password: 'x', admin: true }),
      'VALIDATION_FAILED',
    );
    expect(unknown.details?.[0]?.message).toContain('admin');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expectFailure(malformed, 'BAD_REQUEST', MSG.malformedJson, 400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expectFailure(huge, 'PAYLOAD_TOO_LARGE', MSG.payloadTooLarge, 413);
    const notAnObject = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expectFailure(notAnObject, 'VALIDATION_FAILED', undefined, 400);
  });
});

describe('rate limits', () => {
  it('allows ten sign-ins a minute from one IP address', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await login({ username: `someone${attempt}@example.com`, password: 'Wrong#Pass1' }, ip);
      expectFailure(response, 'INVALID_CREDENTIALS');
    }
    const limited = await login({ username: 'someone11@example.com', password: 'Wrong#Pass1' }, ip);
    expectFailure(limited, 'RATE_LIMITED', MSG.tooManyRequests, 429);
    // The window opened with the first attempt: the rest of its minute, in whole seconds.
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    clock.advance(61_000);
    expectFailure(
      await login({ username: 'someone12@example.com', password: 'Wrong#Pass1' }, ip),
      'INVALID_CREDENTIALS',
    );
  });
});

describe('auth/logout', () => {
  it('needs a session', async () => {
    expectFailure(await t.call('auth/logout', {}), 'UNAUTHENTICATED', MSG.signInRequired, 401);
    expectFailure(await t.call('auth/logout', {}, 'not-a-token'), 'UNAUTHENTICATED', MSG.sessionExpired, 401);
  });

  it('revokes the session at once and marks the user offline', async () => {
    const { user, password } = await createUser(t.deps.db);
    const { token } = resultOf<{ token: string }>(await login({ username: user.username, password }));
    expect(resultOf(await t.call('auth/logout', {}, token))).toEqual({ ok: true });
    expectFailure(await t.call('auth/getSecret', {}, token), 'UNAUTHENTICATED', MSG.sessionExpired, 401);
    expect((await userRow(user.id)).isLoggedIn).toBe(false);
    const [session] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.revokedAt).not.toBeNull();
  });

  it('refuses unknown fields', async () => {
    const { token } = await signedInUser(t.deps.db, t.deps.config.tokenSecret);
    expectFailure(await t.call('auth/logout', { everywhere: true }, token), 'VALIDATION_FAILED', undefined, 400);
  });
});
