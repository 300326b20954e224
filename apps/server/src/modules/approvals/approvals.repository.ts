import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { products, quoteApprovalActions, quoteApprovals, quoteLines, quotes, roles, users } from '../../db/schema';
import { pidFilter, type TPlatformScope } from '../../lib/platform-scope';

export type TQuoteApprovalRow = typeof quoteApprovals.$inferSelect;
export type TApprovalActionRow = typeof quoteApprovalActions.$inferSelect;

/** What approvals read of a quote row: who owns it, where, its state and total. */
export type TApprovalQuote = Pick<
  typeof quotes.$inferSelect,
  | 'id'
  | 'pid'
  | 'type'
  | 'version'
  | 'isLocked'
  | 'lineCount'
  | 'name'
  | 'totalCost'
  | 'createdByUserId'
  | 'createdByEmail'
>;

const QUOTE_COLUMNS = {
  id: quotes.id,
  pid: quotes.pid,
  type: quotes.type,
  version: quotes.version,
  isLocked: quotes.isLocked,
  lineCount: quotes.lineCount,
  name: quotes.name,
  totalCost: quotes.totalCost,
  createdByUserId: quotes.createdByUserId,
  createdByEmail: quotes.createdByEmail,
};

/** A quote by id; `forUpdate` locks its row, as every writer of the quote does, until the transaction ends. */
export async function findApprovalQuote(db: TDbOrTx, id: number, forUpdate = false): Promise<TApprovalQuote | null> {
  const query = db.select(QUOTE_COLUMNS).from(quotes).where(eq(quotes.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * A quote's lines in the order the Lines tab numbers them, with what the approval rules read (the product's unit
 * cost among it), and the quote discount.
 */
export async function findApprovalInput(db: TDbOrTx, quoteId: number) {
  const [lines, [quote]] = await Promise.all([
    db
      .select({
        id: quoteLines.id,
        productId: quoteLines.productId,
        productName: quoteLines.productName,
        quantity: quoteLines.quantity,
        price: quoteLines.price,
        discountPercent: quoteLines.discountPercent,
        cost: products.cost,
      })
      .from(quoteLines)
      .leftJoin(products, eq(products.id, quoteLines.productId))
      .where(eq(quoteLines.quoteId, quoteId))
      .orderBy(asc(quoteLines.id)),
    db.select({ discountPercent: quotes.discountPercent }).from(quotes).where(eq(quotes.id, quoteId)),
  ]);
  return { lines, quoteDiscountPercent: quote?.discountPercent ?? '0' };
}

/** The newest approval of a quote (its current one), locked when `forUpdate`. */
export async function findLatestApproval(
  db: TDbOrTx,
  quoteId: number,
  forUpdate = false,
): Promise<TQuoteApprovalRow | null> {
  const query = db
    .select()
    .from(quoteApprovals)
    .where(eq(quoteApprovals.quoteId, quoteId))
    .orderBy(desc(quoteApprovals.id))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertApproval(
  db: TDbOrTx,
  values: Omit<typeof quoteApprovals.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<TQuoteApprovalRow> {
  const [row] = await db.insert(quoteApprovals).values(values).returning();
  return row!;
}

export async function updateApprovalRow(
  db: TDbOrTx,
  id: number,
  patch: Partial<Pick<TQuoteApprovalRow, 'state' | 'currentStep' | 'withdrawnMessage'>>,
): Promise<TQuoteApprovalRow> {
  const [row] = await db
    .update(quoteApprovals)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(quoteApprovals.id, id))
    .returning();
  return row!;
}

export async function insertApprovalAction(
  db: TDbOrTx,
  values: Omit<typeof quoteApprovalActions.$inferInsert, 'id' | 'createdAt'>,
): Promise<void> {
  await db.insert(quoteApprovalActions).values(values);
}

export async function findApprovalActions(db: TDbOrTx, approvalId: number): Promise<TApprovalActionRow[]> {
  return db
    .select()
    .from(quoteApprovalActions)
    .where(eq(quoteApprovalActions.approvalId, approvalId))
    .orderBy(asc(quoteApprovalActions.id));
}

/** Users of a platform at `minLevel` or higher, or named: the people a step's mail may go to. */
export async function findApproverCandidates(db: TDbOrTx, pid: string, minLevel: number, namedIds: number[]) {
  const named = namedIds.length > 0 ? inArray(users.id, namedIds) : undefined;
  return db
    .select({ id: users.id, username: users.username, roleLevel: roles.roleLevel })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.pid, pid), or(sql`${roles.roleLevel} >= ${minLevel}`, named)))
    .orderBy(asc(users.id))
    .limit(200);
}

/** Role levels of users by id (for named approvers' stand-in level). */
export async function findUserLevels(db: TDbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, roleLevel: roles.roleLevel })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, ids));
}

/** Approvals waiting for a decision inside the scope, oldest first, with their quote's name, owner and total. */
export async function findSubmittedApprovals(db: TDbOrTx, scope: TPlatformScope) {
  return db
    .select({
      approval: quoteApprovals,
      quoteName: quotes.name,
      owner: quotes.createdByEmail,
      ownerId: quotes.createdByUserId,
      total: quotes.totalCost,
    })
    .from(quoteApprovals)
    .innerJoin(quotes, eq(quotes.id, quoteApprovals.quoteId))
    .where(and(eq(quoteApprovals.state, 'submitted'), pidFilter(quoteApprovals.pid, scope)))
    .orderBy(asc(quoteApprovals.updatedAt), asc(quoteApprovals.id))
    .limit(5000);
}
