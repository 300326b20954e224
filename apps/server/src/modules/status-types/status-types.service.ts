import { MSG, type TPagedQuery, type TStatusType, type TStatusTypeInput, type TStatusTypePatch } from '@cpq/contracts';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { scopeOf } from '../../lib/platform-scope';
import { assertVersion, conflict } from '../../lib/versioning';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { platformForNewRecord } from '../platforms/record-platform';
import { canManageStatusLevel, visibleStatusLevel } from './status-types.policy';
import {
  deleteStatusTypeRow,
  findStatusType,
  insertStatusType,
  listStatusTypes,
  type TStatusTypeValues,
  updateStatusTypeRow,
} from './status-types.repository';

type TContext = { db: TDb; actor: TActor; ip: string };

/** Status type changes; created and deleted events carry the name. */
const trail = changeTrail('statusType', (row: TStatusType) => ({
  id: row.id,
  pid: row.pid,
  label: { name: row.name },
}));

const ABOVE_OWN_LEVEL = 'You cannot manage a status type above your own access level.';

function assertLevel(actor: TActor, roleLevel: number): void {
  if (!canManageStatusLevel(actor, roleLevel)) {
    throw new AppError('FORBIDDEN', ABOVE_OWN_LEVEL, [{ path: 'input.roleLevel', message: ABOVE_OWN_LEVEL }]);
  }
}

function toValues(input: TStatusTypePatch): Partial<TStatusTypeValues> {
  const { visible, ...rest } = input;
  return visible === undefined ? rest : { ...rest, visible: visible === '1' };
}

/** The platform's status types up to the asked-for level, never above the caller's own. */
export async function getStatusTypes(ctx: TContext, query: TPagedQuery & { roleLevel?: number | undefined }) {
  return listStatusTypes(ctx.db, scopeOf(ctx.actor), visibleStatusLevel(ctx.actor, query.roleLevel), query);
}

export async function createStatusType(ctx: TContext, input: TStatusTypeInput): Promise<TStatusType> {
  assertLevel(ctx.actor, input.roleLevel);
  const { pid, visible, ...fields } = input;
  const target = await platformForNewRecord(ctx.db, ctx.actor, pid);
  return ctx.db.transaction(async (tx) => {
    const created = await insertStatusType(tx, { ...fields, visible: visible === '1', pid: target });
    await insertChangesBy(tx, ctx, [trail.created(created)]);
    return created;
  });
}

export async function updateStatusType(
  ctx: TContext,
  id: number,
  input: TStatusTypePatch,
  version?: number,
): Promise<TStatusType> {
  const scope = scopeOf(ctx.actor);
  return ctx.db.transaction(async (tx) => {
    const current = await findStatusType(tx, scope, id, true);
    if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
    assertVersion(current, version);
    assertLevel(ctx.actor, Math.max(current.roleLevel, input.roleLevel ?? 0));
    const updated = await updateStatusTypeRow(tx, scope, id, toValues(input), version);
    if (!updated) throw conflict();
    await insertChangesBy(tx, ctx, [trail.updated(current, updated)]);
    return updated;
  });
}

export async function deleteStatusType(ctx: TContext, id: number): Promise<{ ok: true }> {
  const scope = scopeOf(ctx.actor);
  try {
    await ctx.db.transaction(async (tx) => {
      const current = await findStatusType(tx, scope, id, true);
      if (!current) throw new AppError('NOT_FOUND', MSG.notFound);
      assertLevel(ctx.actor, current.roleLevel);
      await deleteStatusTypeRow(tx, scope, id);
      await insertChangesBy(tx, ctx, [trail.deleted(current)]);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new AppError('CONFLICT', 'Quotes or orders still have this status. Give them another status first.');
    }
    throw error;
  }
  return { ok: true };
}

/**
 * The status type a record of platform `pid` may be given by the caller (a quote's or an order's status): one of
 * that platform's, at or below the caller's level, as for managing them; null clears the status. Another
 * platform's or a missing one answers NOT_FOUND; one above the caller's level VALIDATION_FAILED. `path` names the
 * field in the error.
 */
export async function assignableStatusType(
  db: TDbOrTx,
  actor: Pick<TActor, 'roleLevel'>,
  pid: string,
  id: number | null,
  path: string,
) {
  if (id === null) return null;
  const statusType = await findStatusType(db, { kind: 'platform', pid }, id);
  if (!statusType) throw new AppError('NOT_FOUND', MSG.notFound, [{ path, message: MSG.notFound }]);
  if (!canManageStatusLevel(actor, statusType.roleLevel)) {
    const message = 'You cannot assign this status.';
    throw new AppError('VALIDATION_FAILED', message, [{ path, message }]);
  }
  return statusType;
}
