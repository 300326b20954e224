import { MSG } from '@cpq/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp, generateTotpSecret } from '../../lib/totp';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatform, createUser, signedInUser } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { auditActionsOf, callFrom, freshIp, manualClock } from './auth.test-support';
import { SIGN_IN_THROTTLE, throttleDelayMs } from './sign-in-throttle';

const clock = manualClock();
let t: TTestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  admin = (await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 5 })).token;
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'Wrong#Pass1';
const login = (body: unknown, ip = freshIp()) => callFrom(t, ip, 'auth/login', body);

/** An attacker with many addresses: the free failures, each from a new address (so no per-address limit helps). */
async function hammer(username: string): Promise<void> {
  for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt += 1) {
    expectFailure(await login({ username, password: WRONG }), 'INVALID_CREDENTIALS', MSG.invalidCredentials, 401);
  }
}

/** A patient attacker: `count` more failures, each after waiting out the delay the previous one set. */
async function hammerPatiently(username: string, count: number): Promise<void> {
  for (let attempt = 1; attempt <= count; attempt += 1) {
    clock.advance(throttleDelayMs(SIGN_IN_THROTTLE.freeFailures + attempt - 1));
    expectFailure(await login({ username, password: WRONG }), 'INVALID_CREDENTIALS', MSG.invalidCredentials, 401);
  }
}

const answerOf = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.body,
  retryAfter: response.headers['retry-after'],
});

describe('sign-in throttling', () => {
  it('makes attempts wait, with growing delays, once the free failures are spent: never a 15-minute lock', async () => {
    expect([4, 5, 6, 7, 30].map(throttleDelayMs)).toEqual([0, 1000, 2000, 4000, SIGN_IN_THROTTLE.maxDelayMs]);
    const { user, password } = await createUser(t.deps.db);
    await hammer(user.username);
    const throttled = await login({ username: user.username, password: WRONG });
    expectFailure(throttled, 'RATE_LIMITED', MSG.signInThrottled, 429);
    expect(throttled.headers['retry-after']).toBe('1');
    // The right password from a stranger's address waits too: a throttled attempt is never even checked.
    expectFailure(await login({ username: user.username, password }), 'RATE_LIMITED', MSG.signInThrottled, 429);
    clock.advance(1000);
    expectFailure(await login({ username: user.username, password: WRONG }), 'INVALID_CREDENTIALS');
    const longer = await login({ username: user.username, password: WRONG });
    expect(longer.headers['retry-after']).toBe('2');
    clock.advance(2000);
    resultOf(await login({ username: user.username, password }));
  });

  it('answers a throttled account and an unknown username identically: status, text and Retry-After', async () => {
    const { user } = await createUser(t.deps.db);
    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await hammer(user.username);
    await hammer(unknown);
    const known = await login({ username: user.username, password: WRONG });
    const stranger = await login({ username: unknown, password: WRONG });
    expect(answerOf(known).status).toBe(429);
    expect(answerOf(stranger)).toEqual(answerOf(known));
    // Before the throttle both answered the same too (the free failures, checked in hammer).
  });

  it('lets the owner sign in from an address they signed in from before while strangers are throttled', async () => {
    const { user, password } = await createUser(t.deps.db);
    const home = freshIp();
    resultOf(await login({ username: user.username, password }, home));
    await hammer(user.username);
    await hammerPatiently(user.username, 3);
    // The control: from a new address the right password is refused.
    expectFailure(await login({ username: user.username, password }), 'RATE_LIMITED', MSG.signInThrottled, 429);
    resultOf(await login({ username: user.username, password }, home));
  });

  it('lets the owner finish a multi-factor sign-in from a known address while the account is throttled', async () => {
    const platform = await createPlatform(t.deps.db, { requireMfa: true });
    const secret = generateTotpSecret();
    const { user, password } = await createUser(t.deps.db, { pid: platform.id, mfaSecret: secret, enableMfa: true });
    const home = freshIp();
    const first = resultOf<{ secret: string }>(await login({ username: user.username, password }, home));
    const code = currentTotp(secret, user.username, clock.now());
    resultOf(await callFrom(t, home, 'auth/authorize', { username: user.username, token: code, secret: first.secret }));
    clock.advance(60_000);
    await hammer(user.username);
    expectFailure(await login({ username: user.username, password }), 'RATE_LIMITED', MSG.signInThrottled, 429);
    const ticket = resultOf<{ secret: string }>(await login({ username: user.username, password }, home));
    const next = currentTotp(secret, user.username, clock.now());
    resultOf(
      await callFrom(t, home, 'auth/authorize', { username: user.username, token: next, secret: ticket.secret }),
    );
  });

  it('throttles wrong codes like wrong passwords', async () => {
    const platform = await createPlatform(t.deps.db, { requireMfa: true });
    const secret = generateTotpSecret();
    const { user, password } = await createUser(t.deps.db, { pid: platform.id, mfaSecret: secret, enableMfa: true });
    const ip = freshIp();
    const ticket = resultOf<{ secret: string }>(await login({ username: user.username, password }, ip));
    const authorize = (token: string) =>
      callFrom(t, ip, 'auth/authorize', { username: user.username, token, secret: ticket.secret });
    for (let attempt = 1; attempt <= SIGN_IN_THROTTLE.freeFailures; attempt += 1) {
      expectFailure(await authorize('000000'), 'INVALID_PASSCODE', MSG.incorrectPasscode, 401);
    }
    const code = currentTotp(secret, user.username, clock.now());
    expectFailure(await authorize(code), 'RATE_LIMITED', MSG.signInThrottled, 429);
  });

  it('shows administrators a throttled account and lets them clear it', async () => {
    const { user, password } = await createUser(t.deps.db);
    await hammer(user.username);
    await hammerPatiently(user.username, 3);
    const seen = resultOf<{ failures: number; throttledUntil: number | null }>(
      await t.call('userManagement/getSignInThrottle', { id: user.id }, admin),
    );
    expect(seen.failures).toBe(SIGN_IN_THROTTLE.freeFailures + 3);
    expect(seen.throttledUntil).toBeGreaterThan(clock.now().getTime() / 1000);
    const otherAdmin = (await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 5, pid: 'p-other' }))
      .token;
    expectFailure(await t.call('userManagement/clearSignInThrottle', { id: user.id }, otherAdmin), 'NOT_FOUND');
    expectFailure(await login({ username: user.username, password }), 'RATE_LIMITED');
    const cleared = resultOf(await t.call('userManagement/clearSignInThrottle', { id: user.id }, admin));
    expect(cleared).toEqual({ failures: 0, throttledUntil: null });
    resultOf(await login({ username: user.username, password }));
    expect(await auditActionsOf(t, user.id)).toContain('auth.signIn.throttleCleared');
  });
});
