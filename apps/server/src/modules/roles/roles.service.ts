import { MSG, type TRoleInput } from '@cpq/contracts';
import type { TDb } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { assertVersion, conflict } from '../../lib/versioning';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { canManageRoles, isBuiltInRole, visibleRoleLevel } from './roles.policy';
import {
  countUsersWithRole,
  deleteRoleRow,
  findRole,
  findRoleIdsLike,
  insertRole,
  listRolesUpTo,
  type TRoleView,
  updateRoleRow,
} from './roles.repository';

type TContext = { db: TDb; actor: TActor; ip: string };

/** Role changes (roles belong to no platform); created and deleted events carry the name. */
const trail = changeTrail('role', (role: TRoleView) => ({ id: role.id, pid: null, label: { name: role.name } }));

function assertCanManage(actor: TActor): void {
  if (!canManageRoles(actor)) throw new AppError('FORBIDDEN', MSG.forbidden);
}

/** A role id from its name: 'Sales Manager' -> 'sales-manager'; 'role' when nothing usable is left. */
export function roleSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 48)
    .replace(/^-+|-+$/g, '');
  return slug || 'role';
}

/** The first of `base`, `base-2`, `base-3`... not among `taken`. */
export function firstFreeId(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** Roles at or below the asked-for level and the caller's own, by level then name. */
export async function listRoles(ctx: TContext, roleLevel: number | undefined) {
  const rows = await listRolesUpTo(ctx.db, visibleRoleLevel(ctx.actor, roleLevel));
  return { rows, count: rows.length };
}

/** Creates a role whose id is a slug of its name, made unique with a numeric suffix. */
export async function createRole(ctx: TContext, input: TRoleInput): Promise<TRoleView> {
  assertCanManage(ctx.actor);
  const base = roleSlug(input.name);
  // Two super admins creating 'Sales' at once: the loser of the insert race takes the next free suffix.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = firstFreeId(base, await findRoleIdsLike(ctx.db, base));
    const role = await ctx.db.transaction(async (tx) => {
      const inserted = await insertRole(tx, { id, ...input });
      if (inserted) {
        const { description, roleLevel } = inserted;
        await insertChangesBy(tx, ctx, [trail.created(inserted, { description, roleLevel })]);
      }
      return inserted;
    });
    if (role) return role;
  }
  throw new AppError('CONFLICT', MSG.conflict);
}

/** Updates a role's name, description or level; the levels of the built-in roles are fixed. */
export async function updateRole(
  ctx: TContext,
  id: string,
  input: Partial<TRoleInput>,
  version?: number,
): Promise<TRoleView> {
  assertCanManage(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const current = await findRole(tx, id);
    if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
    assertVersion(current, version);
    if (input.roleLevel !== undefined && input.roleLevel !== current.roleLevel && isBuiltInRole(id)) {
      const message = `The level of the built-in role "${current.name}" cannot be changed.`;
      throw new AppError('CONFLICT', message, [{ path: 'input.roleLevel', message }]);
    }
    const updated = await updateRoleRow(tx, id, input, version);
    if (!updated) throw conflict();
    await insertChangesBy(tx, ctx, [trail.updated(current, updated)]);
    return updated;
  });
}

/** Deletes a role that is not built in and that no user holds. */
export async function deleteRole(ctx: TContext, id: string): Promise<{ ok: true }> {
  assertCanManage(ctx.actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await findRole(tx, id);
      if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
      if (isBuiltInRole(id)) throw new AppError('CONFLICT', `"${current.name}" is built in and cannot be deleted.`);
      const holders = await countUsersWithRole(tx, id);
      if (holders > 0) throw new AppError('CONFLICT', roleHeldMessage(current.name, holders));
      await deleteRoleRow(tx, id);
      await insertChangesBy(tx, ctx, [trail.deleted(current)]);
    });
  } catch (error) {
    // A user was given the role between the count and the delete.
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT', MSG.conflict);
    throw error;
  }
  return { ok: true };
}

export function roleHeldMessage(name: string, holders: number): string {
  const who = holders === 1 ? '1 user holds' : `${holders} users hold`;
  return `${who} the role "${name}". Give ${holders === 1 ? 'them' : 'each of them'} another role first, then delete it.`;
}
