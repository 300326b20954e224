import { MSG } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { verifyTicket } from '../../lib/tokens';
import { createUser } from '../../testing/factories';
import { TEST_TOKEN_SECRET, testConfig } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { confirmEnrollment, createSignInTicket, startEnrollment } from './mfa.service';

let database: TDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const row = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('startEnrollment and confirmEnrollment', () => {
  it('keeps a new secret pending for fifteen minutes, then confirms it and turns multi-factor on', async () => {
    const { user } = await createUser(database.db);
    const now = new Date();
    const enrollment = await startEnrollment(database.db, user, now);
    expect((await row(user.id)).mfaPendingSecret).toBe(enrollment.secret);
    await confirmEnrollment(database.db, user.id, enrollment.secret, new Date(now.getTime() + 60_000));
    const after = await row(user.id);
    expect(after).toMatchObject({ mfaSecret: enrollment.secret, enableMfa: true, mfaPendingSecret: null });
  });

  it('refuses a wrong, a second or an expired confirmation', async () => {
    const { user } = await createUser(database.db);
    const now = new Date();
    const enrollment = await startEnrollment(database.db, user, now);
    const expired = new Date(now.getTime() + 15 * 60 * 1000 + 1);
    await expect(confirmEnrollment(database.db, user.id, enrollment.secret, expired)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: MSG.mfaEnrolmentExpired,
    });
    await expect(confirmEnrollment(database.db, user.id, 'AAAAAAAAAAAAAAAA', now)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await confirmEnrollment(database.db, user.id, enrollment.secret, now);
    await expect(confirmEnrollment(database.db, user.id, enrollment.secret, now)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await row(user.id)).mfaSecret).toBe(enrollment.secret);
  });
});

describe('createSignInTicket', () => {
  it('signs a five-minute ticket that auth/authorize accepts', async () => {
    const now = new Date();
    const ticket = await createSignInTicket({ config: testConfig(), clock: () => now }, 'a@example.com', true);
    const secret = new TextEncoder().encode(TEST_TOKEN_SECRET);
    expect(await verifyTicket(secret, ticket, now)).toEqual({ username: 'a@example.com', stayLoggedIn: true });
    expect(await verifyTicket(secret, ticket, new Date(now.getTime() + 301_000))).toBeNull();
  });
});
