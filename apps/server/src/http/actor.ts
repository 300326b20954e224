import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import { type TSessionClaims, verifySessionToken } from '../lib/tokens';

/** The signed-in caller, as every service sees it. */
export type TActor = {
  userId: number;
  username: string;
  roleId: string;
  roleLevel: number;
  pid: string;
  sessionId: string;
};

/** A user's fields as an actor has them, from `users` joined with `roles` (also for work done on a user's behalf). */
export const actorColumns = {
  userId: users.id,
  username: users.username,
  roleId: users.roleId,
  roleLevel: roles.roleLevel,
  pid: users.pid,
};

/**
 * A user as the actor of work done on their behalf without a session of theirs (a provider's webhook finishing their
 * payment, a customer accepting their quote through its link); `sessionId` says what acts for them. Null when the
 * user is gone.
 */
export async function findActingUser(db: TDbOrTx, userId: number, sessionId: string): Promise<TActor | null> {
  const [row] = await db
    .select(actorColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row ? { ...row, sessionId } : null;
}

/** The session's caller and its expiry, if the session is unrevoked and unexpired at `now` (one join on primary keys). */
function actorQuery(db: TDbOrTx) {
  return db
    .select({ ...actorColumns, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('resolve_actor');
}

/**
 * The query built once per database handle (every request resolves its caller: building the SQL each time was a
 * good part of the cost). Weak, so a closed database or a finished transaction takes its statement with it.
 */
const prepared = new WeakMap<TDbOrTx, ReturnType<typeof actorQuery>>();

/** How many verified tokens a process remembers per secret (a token is a few hundred bytes). */
export const VERIFIED_TOKENS_CAPACITY = 10_000;

const verifiedTokens = new WeakMap<Uint8Array, Map<string, TSessionClaims>>();

/**
 * A session token's claims, verified with `secret`: a token this process verified before is not verified again
 * (its signature cannot change; the check goes through WebCrypto's thread pool and was a third of a configure
 * step), only its expiry is checked again, against the real clock as the verification does. Only what says whether
 * the token is genuine is remembered: whether its session is still live is checked on every request (actors.ts).
 */
export async function verifiedClaims(secret: Uint8Array, token: string): Promise<TSessionClaims | null> {
  let known = verifiedTokens.get(secret);
  if (!known) {
    known = new Map();
    verifiedTokens.set(secret, known);
  }
  const remembered = known.get(token);
  if (remembered) {
    if (remembered.expiresAt * 1000 > Date.now()) return remembered;
    known.delete(token);
    return null;
  }
  const claims = await verifySessionToken(secret, token);
  if (!claims) return null;
  known.set(token, claims);
  while (known.size > VERIFIED_TOKENS_CAPACITY) {
    const oldest = known.keys().next().value;
    if (oldest === undefined) break;
    known.delete(oldest);
  }
  return claims;
}

/** The verified claims of an `Authorization: Bearer <token>` header, or null. */
export async function bearerClaims(
  secret: Uint8Array,
  authorization: string | undefined,
): Promise<TSessionClaims | null> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ? verifiedClaims(secret, match[1]) : null;
}

/** A live session's caller, and when the session expires (ms since the epoch). */
export type TSessionActor = { actor: TActor; expiresAt: number };

/**
 * The caller of the session `claims` name, read from the database: null unless the session exists, is unrevoked
 * and unexpired at `now`, and still belongs to the user the token was issued to (a renamed user signs in again).
 */
export async function findSessionActor(db: TDbOrTx, claims: TSessionClaims, now: Date): Promise<TSessionActor | null> {
  let query = prepared.get(db);
  if (!query) {
    query = actorQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ sessionId: claims.sessionId, now: now.toISOString() });
  if (!row || row.username !== claims.username) return null;
  const { expiresAt, ...actor } = row;
  return { actor, expiresAt: expiresAt.getTime() };
}

/**
 * Resolves a bearer token to the caller: the token must verify, and its session must exist, be unrevoked and
 * unexpired, so sign-out and password changes take effect at once. Null for anything else. Reads the session
 * (with the user's role) every time; requests go through `TActors` (actors.ts), which keeps callers only where
 * it learns of every change in time.
 */
export async function resolveActor(
  db: TDbOrTx,
  secret: Uint8Array,
  authorization: string | undefined,
  now: Date,
): Promise<TActor | null> {
  const claims = await bearerClaims(secret, authorization);
  if (!claims) return null;
  return (await findSessionActor(db, claims, now))?.actor ?? null;
}
