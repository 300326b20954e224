import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import { createPlatform, signedInUser } from '../testing/factories';
import { openTestDatabase } from '../testing/test-database';
import type { TSessionActor } from './actor';
import { ActorCache, createActors, type TActors } from './actors';

const secret = new TextEncoder().encode('a-secret-that-is-long-enough-for-hs256-signing');

let database: TDatabase;
let actors: TActors;

beforeAll(async () => {
  database = await openTestDatabase();
  actors = await createActors(database.db, secret);
});

afterAll(async () => {
  await actors.close();
  await database.close();
});

async function signedIn(roleLevel: 1 | 5 = 1) {
  const { user, token } = await signedInUser(database.db, secret, { roleLevel });
  return { user, authorization: `Bearer ${token}` };
}

describe('createActors', () => {
  it('keeps callers only on the embedded database, where it hears of every change before the change returns', () => {
    expect(actors.isCaching).toBe(database.kind === 'pglite');
  });

  it('resolves a signed-in caller, and nobody for a missing, malformed or forged token', async () => {
    const { user, authorization } = await signedIn();
    const now = new Date();
    expect(await actors.resolve(authorization, now)).toMatchObject({ userId: user.id, username: user.username });
    expect(await actors.resolve(authorization, now)).toMatchObject({ userId: user.id });
    expect(await actors.resolve(undefined, now)).toBeNull();
    expect(await actors.resolve('Basic abc', now)).toBeNull();
    expect(await actors.resolve(`${authorization}x`, now)).toBeNull();
  });

  // Every change below is made with plain SQL, as no route would make it: only the triggers can tell the cache.
  it('refuses a session revoked since its caller was last resolved, on the very next request', async () => {
    const { authorization } = await signedIn();
    expect(await actors.resolve(authorization, new Date())).not.toBeNull();
    await database.db.execute(sql`UPDATE sessions SET revoked_at = now()`);
    expect(await actors.resolve(authorization, new Date())).toBeNull();
  });

  it('answers the new role level, platform or name of a user at once, and nobody once the user is renamed (the token names the old name)', async () => {
    const { user, authorization } = await signedIn(1);
    expect(await actors.resolve(authorization, new Date())).toMatchObject({ roleLevel: 1, pid: 'default' });
    const admins = await database.db.select().from(roles).where(eq(roles.roleLevel, 5));
    await database.db.update(users).set({ roleId: admins[0]?.id }).where(eq(users.id, user.id));
    expect(await actors.resolve(authorization, new Date())).toMatchObject({ roleLevel: 5 });
    await createPlatform(database.db, { id: 'elsewhere' });
    await database.db.update(users).set({ pid: 'elsewhere' }).where(eq(users.id, user.id));
    expect(await actors.resolve(authorization, new Date())).toMatchObject({ pid: 'elsewhere' });
    await database.db
      .update(users)
      .set({ username: `renamed-${user.username}` })
      .where(eq(users.id, user.id));
    expect(await actors.resolve(authorization, new Date())).toBeNull();
  });

  it("answers a role's new level at once", async () => {
    const { user, authorization } = await signedIn(5);
    const before = await actors.resolve(authorization, new Date());
    expect(before?.roleLevel).toBe(5);
    await database.db.execute(sql`UPDATE roles SET role_level = 4 WHERE id = ${before?.roleId}`);
    try {
      expect(await actors.resolve(authorization, new Date())).toMatchObject({ userId: user.id, roleLevel: 4 });
    } finally {
      await database.db.execute(sql`UPDATE roles SET role_level = 5 WHERE id = ${before?.roleId}`);
    }
  });

  it('refuses a session once the clock passes its expiry, though it was resolved before', async () => {
    const { user, authorization } = await signedIn();
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const expiresAt = session?.expiresAt.getTime() ?? 0;
    expect(await actors.resolve(authorization, new Date(expiresAt - 1000))).not.toBeNull();
    expect(await actors.resolve(authorization, new Date(expiresAt + 1))).toBeNull();
  });

  // Only the embedded database keeps callers (the first test checks which one this is).
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'keeps a caller between requests on PGlite: a change the triggers do not see is not seen',
    async () => {
      const { authorization } = await signedIn();
      expect(await actors.resolve(authorization, new Date())).not.toBeNull();
      await database.db.execute(sql`ALTER TABLE sessions DISABLE TRIGGER sessions_actor_change`);
      try {
        await database.db.execute(sql`UPDATE sessions SET revoked_at = now()`);
        expect(await actors.resolve(authorization, new Date())).not.toBeNull();
      } finally {
        await database.db.execute(sql`ALTER TABLE sessions ENABLE TRIGGER sessions_actor_change`);
      }
      await database.db.execute(sql`UPDATE sessions SET revoked_at = now()`);
      expect(await actors.resolve(authorization, new Date())).toBeNull();
    },
  );
});

describe('ActorCache', () => {
  const found = (sessionId: string, expiresAt = Date.now() + 60_000): TSessionActor => ({
    actor: { userId: 1, username: 'ann', roleId: 'r', roleLevel: 1, pid: 'default', sessionId },
    expiresAt,
  });

  it('does not keep what a read found if the cache was cleared while it read', () => {
    const cache = new ActorCache();
    const generation = cache.generation;
    cache.clear();
    cache.store(generation, found('s-1'));
    expect(cache.get('s-1', new Date())).toBeNull();
    cache.store(cache.generation, found('s-1'));
    expect(cache.get('s-1', new Date())?.sessionId).toBe('s-1');
  });

  it('forgets the least recently used caller beyond its capacity, and an expired one on use', () => {
    const cache = new ActorCache(2);
    cache.store(cache.generation, found('a'));
    cache.store(cache.generation, found('b'));
    cache.get('a', new Date());
    cache.store(cache.generation, found('c'));
    expect(cache.get('b', new Date())).toBeNull();
    expect(cache.get('a', new Date())).not.toBeNull();
    cache.clear();
    cache.store(cache.generation, found('old', Date.now() - 1));
    expect(cache.get('old', new Date())).toBeNull();
    expect(cache.size).toBe(0);
  });
});
