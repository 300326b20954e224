import { randomUUID } from 'node:crypto';
import { ROLE_ID } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client';
import { platforms, roles, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { issueSession } from '../modules/auth/session.service';
import { BUILT_IN_ROLES } from '../seed/seed';

/** A password that meets every rule, shared by factory users (hashing once keeps tests fast). */
export const FACTORY_PASSWORD = 'Factory#Pass1';
let factoryHash: Promise<string> | undefined;

const ROLE_BY_LEVEL: Record<number, string> = {
  0: ROLE_ID.public,
  1: ROLE_ID.registered,
  5: ROLE_ID.admin,
  9: ROLE_ID.superAdmin,
};

/** Inserts the built-in roles unless they exist. */
export async function ensureRoles(db: TDbOrTx): Promise<void> {
  await db.insert(roles).values(BUILT_IN_ROLES).onConflictDoNothing();
}

/** Creates a platform with a unique id unless one is given. */
export async function createPlatform(
  db: TDbOrTx,
  fields: Partial<typeof platforms.$inferInsert> = {},
): Promise<typeof platforms.$inferSelect> {
  const id = fields.id ?? `p-${randomUUID().slice(0, 8)}`;
  const [row] = await db
    .insert(platforms)
    .values({ name: `Platform ${id}`, emailAddresses: [`orders@${id}.example`], ...fields, id })
    .onConflictDoNothing()
    .returning();
  return row ?? (await db.select().from(platforms).where(eq(platforms.id, id)))[0]!;
}

/**
 * Creates a user of the given role level on a platform (created if missing) with FACTORY_PASSWORD unless another
 * password is given. Answers the row and the password.
 */
export async function createUser(
  db: TDbOrTx,
  options: { roleLevel?: 0 | 1 | 5 | 9; pid?: string; password?: string } & Partial<typeof users.$inferInsert> = {},
): Promise<{ user: typeof users.$inferSelect; password: string }> {
  const { roleLevel = 1, pid = 'default', password, ...fields } = options;
  await ensureRoles(db);
  await createPlatform(db, { id: pid });
  factoryHash ??= hashPassword(FACTORY_PASSWORD);
  const passwordHash = password ? await hashPassword(password) : await factoryHash;
  const [user] = await db
    .insert(users)
    .values({
      username: `user-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Test',
      lastName: `Level${roleLevel}`,
      roleId: ROLE_BY_LEVEL[roleLevel] ?? ROLE_ID.registered,
      pid,
      passwordHash,
      ...fields,
    })
    .returning();
  return { user: user!, password: password ?? FACTORY_PASSWORD };
}

/** A signed-in session token for a user, made directly (tests of other routes need not go through sign-in). */
export async function tokenFor(
  db: TDbOrTx,
  tokenSecret: Uint8Array,
  user: { id: number; username: string },
  now: Date = new Date(),
): Promise<string> {
  return (await issueSession(db, tokenSecret, user, { now, stayLoggedIn: false })).token;
}

/** Creates a user and a session token for them in one step. */
export async function signedInUser(
  db: TDbOrTx,
  tokenSecret: Uint8Array,
  options: Parameters<typeof createUser>[1] = {},
) {
  const created = await createUser(db, options);
  return { ...created, token: await tokenFor(db, tokenSecret, created.user) };
}
