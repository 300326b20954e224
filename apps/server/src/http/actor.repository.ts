import { PGlite } from '@electric-sql/pglite';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { TDb, TDbOrTx } from '../db/client';
import { roles, sessions, users } from '../db/schema';
import type { TActor } from '../lib/actor';

/** A user's fields as an actor has them, from `users` joined with `roles` (also for work done on a user's behalf). */
const actorColumns = {
  userId: users.id,
  username: users.username,
  roleId: users.roleId,
  roleLevel: roles.roleLevel,
  showsMargin: roles.showsMargin,
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

/** The caller of a session that is unrevoked and unexpired at `now`, with the session's expiry; undefined if none. */
export async function findLiveSessionCaller(db: TDbOrTx, sessionId: string, now: Date) {
  let query = prepared.get(db);
  if (!query) {
    query = actorQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ sessionId, now: now.toISOString() });
  return row;
}

/**
 * On the embedded database, calls `onChange` at each notification on `channel` and answers the function that stops
 * listening; null on a PostgreSQL server, whose notifications this process would not get in time.
 */
export async function listenOnEmbedded(
  db: TDb,
  channel: string,
  onChange: () => void,
): Promise<(() => Promise<void>) | null> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return null;
  return client.listen(channel, onChange);
}
