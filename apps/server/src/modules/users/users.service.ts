import { MSG, type TPagedQuery, type TUser } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { toUserView } from '../../lib/user-view';
import { insertChangesBy } from '../audit/change-trail';
import { userTrail } from './user-trail';
import { canDeleteUser, canManageUser, isAdmin } from './users.policy';
import { deleteUserRows, findUserByUsername, findUsersByIds, listUsers } from './users.repository';

/** What every user service needs: the app's dependencies, the caller (null when signed out) and their address. */
export type TUserContext = { deps: TAppDeps; actor: TActor | null; ip: string; log: FastifyBaseLogger };

export const notFound = () => new AppError('NOT_FOUND', MSG.notFound);
export const forbidden = (message: string = MSG.forbidden) => new AppError('FORBIDDEN', message);

export function requireActor(ctx: TUserContext): TActor {
  if (!ctx.actor) throw new AppError('UNAUTHENTICATED', MSG.signInRequired);
  return ctx.actor;
}

/** Sends the platform's online users again; a failure to publish is logged, never fails the committed change. */
export async function publishPresenceSafely(ctx: TUserContext, pids: Iterable<string>): Promise<void> {
  for (const pid of new Set(pids)) {
    try {
      await ctx.deps.realtime.publishPresence(pid);
    } catch (error) {
      ctx.log.warn({ err: error, pid }, 'presence publish failed');
    }
  }
}

/** One user by username: yourself, or for administrators a user of their platform (level 9: any). */
export async function getUser(ctx: TUserContext, username: string): Promise<TUser> {
  const actor = requireActor(ctx);
  if (username !== actor.username && !isAdmin(actor)) throw forbidden();
  const found = await findUserByUsername(ctx.deps.db, scopeOf(actor), username);
  if (!found) throw notFound();
  return toUserView(found.user, found.role);
}

/** A page of the caller's platform's users (level 9: all platforms). */
export async function getUsers(ctx: TUserContext, query: TPagedQuery): Promise<{ rows: TUser[]; count: number }> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden();
  const page = await listUsers(ctx.deps.db, scopeOf(actor), query);
  return { rows: page.rows.map((row) => toUserView(row.user, row.role)), count: page.count };
}

/**
 * Deletes users, all or none, in one transaction. Every target must be a user of the caller's platform (level 9:
 * any) whose id and username match, else NOT_FOUND (they may have been deleted meanwhile); targets above the
 * caller's level answer FORBIDDEN. The caller is never deleted: skipped in a list, refused when alone.
 */
export async function deleteUsers(
  ctx: TUserContext,
  targets: { id: number; username?: string }[],
): Promise<{ deleted: number }> {
  const actor = requireActor(ctx);
  if (!isAdmin(actor)) throw forbidden();
  const wanted = new Map(targets.filter((target) => target.id !== actor.userId).map((target) => [target.id, target]));
  if (wanted.size === 0) throw new AppError('BAD_REQUEST', MSG.cannotDeleteSelf);
  const scope = scopeOf(actor);
  const deleted = await ctx.deps.db.transaction(async (tx) => {
    const found = await findUsersByIds(tx, scope, [...wanted.keys()]);
    const isComplete =
      found.length === wanted.size &&
      found.every(({ user }) => {
        const username = wanted.get(user.id)?.username;
        return username === undefined || username.trim().toLowerCase() === user.username;
      });
    if (!isComplete) throw notFound();
    const target = (row: (typeof found)[number]) => ({
      id: row.user.id,
      pid: row.user.pid,
      roleLevel: row.role.roleLevel,
    });
    if (!found.every((row) => canDeleteUser(actor, target(row)) && canManageUser(actor, target(row)))) {
      throw forbidden();
    }
    const count = await deleteUserRows(tx, scope, [...wanted.keys()]);
    await insertChangesBy(
      tx,
      ctx,
      found.map(({ user }) => userTrail.deleted(user)),
    );
    return { count, pids: found.map(({ user }) => user.pid) };
  });
  await publishPresenceSafely(ctx, deleted.pids);
  return { deleted: deleted.count };
}

/** Deletes one user (never the caller). */
export async function deleteUser(ctx: TUserContext, id: number): Promise<{ ok: true }> {
  const actor = requireActor(ctx);
  if (id === actor.userId) throw new AppError('BAD_REQUEST', MSG.cannotDeleteSelf);
  await deleteUsers(ctx, [{ id }]);
  return { ok: true };
}
