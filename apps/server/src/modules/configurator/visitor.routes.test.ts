import { MSG, type TSession } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platforms, users } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { SIGN_UP_LIMIT } from '../users/user-create.service';

let t: TTestApp;

const createVisitor = (email: string, ip = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/configurator/createVisitor',
    headers: { 'x-forwarded-for': ip },
    payload: { email },
  });

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('configurator/createVisitor', () => {
  it('creates a public user with card checkout on the default platform and signs it in', async () => {
    const session = resultOf<TSession>(await createVisitor('Jo.Visitor@Example.com'));
    expect(session.user).toMatchObject({
      username: 'jo.visitor@example.com',
      roleId: 'public',
      roleLevel: 0,
      checkoutType: 'stripe',
      pid: 'default',
    });
    expect(session.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'jo.visitor@example.com'));
    expect(row).toMatchObject({ isLoggedIn: true, enableMfa: false });
    // The session works like any other: it can start a configuration of the default platform's demo products.
    type TPage = { rows: { ID: number; ProductNumber: string }[] };
    const page = resultOf<TPage>(await t.call('productManagement/getProducts', { isQuickConfig: true }, session.token));
    expect(page.rows.map((product) => product.ProductNumber)).toEqual(['CH-ERGOLINE', 'DR-SECTIONAL']);
  });

  it('refuses an address that has an account, whatever its case', async () => {
    resultOf(await createVisitor('taken@example.com'));
    const response = await createVisitor('TAKEN@example.com');
    expectFailure(response, 'USERNAME_TAKEN', MSG.usernameTaken, 409);
    expectFailure(await createVisitor('admin@demo.opencpq.dev'), 'USERNAME_TAKEN', MSG.usernameTaken, 409);
  });

  it('refuses what is not an e-mail address', async () => {
    const response = await createVisitor('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toEqual({ path: 'email', message: MSG.invalidEmail });
  });

  it('is limited per client address like self sign-up', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < SIGN_UP_LIMIT.limit; i += 1) resultOf(await createVisitor(`burst-${i}@example.com`, ip));
    expectFailure(await createVisitor('one-too-many@example.com', ip), 'RATE_LIMITED', MSG.tooManyRequests, 429);
    resultOf(await createVisitor('elsewhere@example.com', '198.51.100.78'));
  });

  it('counts probes of taken addresses too, in the budget it shares with self sign-up', async () => {
    // Telling a taken address apart is the enumeration the per-client limit bounds: each probe must count.
    const ip = '198.51.100.88';
    for (let i = 0; i < SIGN_UP_LIMIT.limit; i += 1) {
      expectFailure(await createVisitor('admin@demo.opencpq.dev', ip), 'USERNAME_TAKEN', MSG.usernameTaken, 409);
    }
    const limited = await createVisitor('admin@demo.opencpq.dev', ip);
    expectFailure(limited, 'RATE_LIMITED', MSG.tooManyRequests, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/userManagement/createUser',
      headers: { 'x-forwarded-for': ip },
      payload: { input: { username: 'sales@demo.opencpq.dev' } },
    });
    expectFailure(signUp, 'RATE_LIMITED', MSG.tooManyRequests, 429);
  });

  it('creates no account when the default platform requires multi-factor sign-in', async () => {
    await t.database.db.update(platforms).set({ requireMfa: true }).where(eq(platforms.id, 'default'));
    try {
      expectFailure(await createVisitor('mfa-visitor@example.com', '198.51.100.90'), 'FORBIDDEN');
      expect(await t.database.db.select().from(users).where(eq(users.username, 'mfa-visitor@example.com'))).toEqual([]);
    } finally {
      await t.database.db.update(platforms).set({ requireMfa: false }).where(eq(platforms.id, 'default'));
    }
  });
});
