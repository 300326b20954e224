import type { TPagedQuery, TStatusType } from '@cpq/contracts';
import { and, count, eq, lte, type SQL } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { statusTypes } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { atVersion, nextVersion } from '../../lib/versioning';

type TStatusTypeRow = typeof statusTypes.$inferSelect;
export type TStatusTypeValues = Pick<TStatusTypeRow, 'name' | 'roleLevel' | 'visible' | 'displayOrder'>;

/**
 * The name of the status type a record points at (whatever its level: the record's reader sees its status), null
 * when it points at none.
 */
export async function findStatusName(db: TDbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: statusTypes.name }).from(statusTypes).where(eq(statusTypes.id, id));
  return row?.name ?? null;
}

const STATUS_TYPE_LIST: TPagedListSpec = {
  sortable: {
    id: statusTypes.id,
    name: statusTypes.name,
    roleLevel: statusTypes.roleLevel,
    displayOrder: statusTypes.displayOrder,
  },
  searchable: [statusTypes.name],
  defaultOrder: [['displayOrder', 'ASC']],
  tieBreaker: statusTypes.id,
};

/** The API's status type: `visible` as the spec sends it, '1' or '0'. */
function toStatusType(row: TStatusTypeRow): TStatusType {
  return {
    version: row.version,
    id: row.id,
    name: row.name,
    roleLevel: row.roleLevel,
    visible: row.visible ? '1' : '0',
    displayOrder: row.displayOrder,
    pid: row.pid,
  };
}

/** A page of the scope's status types whose level is at most `maxLevel`. */
export async function listStatusTypes(db: TDbOrTx, scope: TPlatformScope, maxLevel: number, query: TPagedQuery) {
  const page = toPageParts(STATUS_TYPE_LIST, query);
  const where = and(pidFilter(statusTypes.pid, scope), lte(statusTypes.roleLevel, maxLevel), page.where);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(statusTypes)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ value: count() }).from(statusTypes).where(where)),
  ]);
  return { rows: rows.map(toStatusType), count: total };
}

function byId(scope: TPlatformScope, id: number): SQL | undefined {
  return and(eq(statusTypes.id, id), pidFilter(statusTypes.pid, scope));
}

/** One status type inside the scope; `forUpdate` locks its row until the transaction ends. */
export async function findStatusType(db: TDbOrTx, scope: TPlatformScope, id: number, forUpdate = false) {
  const query = db.select().from(statusTypes).where(byId(scope, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? toStatusType(row) : null;
}

export async function insertStatusType(db: TDbOrTx, values: TStatusTypeValues & { pid: string }) {
  const [row] = await db.insert(statusTypes).values(values).returning();
  return toStatusType(row!);
}

export async function updateStatusTypeRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  patch: Partial<TStatusTypeValues>,
  expectedVersion?: number,
): Promise<TStatusType | null> {
  const [row] = await db
    .update(statusTypes)
    .set({ ...patch, version: nextVersion(statusTypes.version) })
    .where(and(byId(scope, id), atVersion(statusTypes.version, expectedVersion)))
    .returning();
  return row ? toStatusType(row) : null;
}

export async function deleteStatusTypeRow(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<boolean> {
  const rows = await db.delete(statusTypes).where(byId(scope, id)).returning({ id: statusTypes.id });
  return rows.length === 1;
}
