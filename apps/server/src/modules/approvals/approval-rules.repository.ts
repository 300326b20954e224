import type { TApprovalMetric, TApprovalOperator, TApprovalRule, TPagedQuery } from '@cpq/contracts';
import { and, arrayContains, asc, count, eq, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { approvalRules, products, roles, users } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';
import { atVersion, nextVersion } from '../../lib/versioning';

type TRuleRow = typeof approvalRules.$inferSelect;

/** The columns the rule form writes. */
export type TApprovalRuleValues = Pick<
  TRuleRow,
  'name' | 'step' | 'metric' | 'operator' | 'threshold' | 'productId' | 'approverLevel' | 'approverUserIds'
>;

const RULE_LIST: TPagedListSpec = {
  sortable: {
    id: approvalRules.id,
    name: approvalRules.name,
    step: approvalRules.step,
    metric: approvalRules.metric,
    pid: approvalRules.pid,
    createdAt: approvalRules.createdAt,
  },
  searchable: [approvalRules.name],
  defaultOrder: [
    ['step', 'ASC'],
    ['name', 'ASC'],
  ],
  tieBreaker: approvalRules.id,
};

/** Rules with their product's name and their named users' usernames, in two queries for a whole page. */
async function withNames(db: TDbOrTx, rows: TRuleRow[]): Promise<TApprovalRule[]> {
  const productIds = [...new Set(rows.flatMap((row) => (row.productId === null ? [] : [row.productId])))];
  const userIds = [...new Set(rows.flatMap((row) => row.approverUserIds))];
  const [productRows, userRows] = await Promise.all([
    productIds.length === 0
      ? []
      : db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)),
    userIds.length === 0
      ? []
      : db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, userIds)),
  ]);
  const productName = new Map(productRows.map((row) => [row.id, row.name]));
  const username = new Map(userRows.map((row) => [row.id, row.username]));
  return rows.map((row) => ({
    version: row.version,
    id: row.id,
    pid: row.pid,
    name: row.name,
    step: row.step,
    metric: row.metric as TApprovalMetric,
    operator: row.operator as TApprovalOperator,
    threshold: row.threshold,
    productId: row.productId,
    productName: row.productId === null ? null : (productName.get(row.productId) ?? null),
    approverLevel: row.approverLevel,
    approverUserIds: row.approverUserIds,
    approverUsernames: row.approverUserIds.flatMap((id) => username.get(id) ?? []),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listApprovalRules(db: TDbOrTx, scope: TPlatformScope, query: TPagedQuery) {
  const page = toPageParts(RULE_LIST, query);
  const where = and(pidFilter(approvalRules.pid, scope), page.where);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(approvalRules)
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(db.select({ value: count() }).from(approvalRules).where(where)),
  ]);
  return { rows: await withNames(db, rows), count: total };
}

/** Every rule of a platform, lowest step first: what a quote of that platform is held to. */
export async function rulesOfPlatform(db: TDbOrTx, pid: string): Promise<TApprovalRule[]> {
  const rows = await db
    .select()
    .from(approvalRules)
    .where(eq(approvalRules.pid, pid))
    .orderBy(asc(approvalRules.step), asc(approvalRules.name), asc(approvalRules.id));
  return withNames(db, rows);
}

/** Whether a rule of platform `pid` names the user or a role level they hold: one row, not the rules with names. */
export async function hasRuleApprovedBy(
  db: TDbOrTx,
  pid: string,
  user: { userId: number; roleLevel: number },
): Promise<boolean> {
  const [row] = await db
    .select({ id: approvalRules.id })
    .from(approvalRules)
    .where(
      and(
        eq(approvalRules.pid, pid),
        or(
          arrayContains(approvalRules.approverUserIds, [user.userId]),
          lte(approvalRules.approverLevel, user.roleLevel),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const byId = (scope: TPlatformScope, id: number): SQL | undefined =>
  and(eq(approvalRules.id, id), pidFilter(approvalRules.pid, scope));

/** One rule inside the scope; `forUpdate` locks its row until the transaction ends. */
export async function findApprovalRule(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  forUpdate = false,
): Promise<TApprovalRule | null> {
  const query = db.select().from(approvalRules).where(byId(scope, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ? ((await withNames(db, [row]))[0] ?? null) : null;
}

export async function insertApprovalRule(db: TDbOrTx, values: TApprovalRuleValues & { pid: string }): Promise<number> {
  const [row] = await db.insert(approvalRules).values(values).returning({ id: approvalRules.id });
  return row!.id;
}

export async function updateApprovalRuleRow(
  db: TDbOrTx,
  scope: TPlatformScope,
  id: number,
  patch: Partial<TApprovalRuleValues>,
  expectedVersion: number,
): Promise<boolean> {
  const rows = await db
    .update(approvalRules)
    .set({ ...patch, version: nextVersion(approvalRules.version), updatedAt: sql`now()` })
    .where(and(byId(scope, id), atVersion(approvalRules.version, expectedVersion)))
    .returning({ id: approvalRules.id });
  return rows.length === 1;
}

export async function deleteApprovalRuleRow(db: TDbOrTx, scope: TPlatformScope, id: number): Promise<boolean> {
  const rows = await db.delete(approvalRules).where(byId(scope, id)).returning({ id: approvalRules.id });
  return rows.length === 1;
}

/** Whether product `id` is of platform `pid`. */
export async function isProductOf(db: TDbOrTx, pid: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.pid, pid)));
  return row !== undefined;
}

/** Users of platform `pid` among `ids`, with their role level. */
export async function usersOfPlatform(db: TDbOrTx, pid: string, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, roleLevel: roles.roleLevel })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.pid, pid), inArray(users.id, ids)));
}
