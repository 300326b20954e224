import type { TDocumentKind, TQuoteDocument } from '@cpq/contracts';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { communications, documents, platforms, quoteLines, quotes, roles, statusTypes, users } from '../../db/schema';
import { nextVersion } from '../../lib/versioning';

export type TDocumentRow = typeof documents.$inferSelect;
export type TDocumentInsert = Omit<typeof documents.$inferInsert, 'id' | 'createdAt'>;

export function toQuoteDocument(row: TDocumentRow): TQuoteDocument {
  return {
    id: row.id,
    quoteId: row.quoteId,
    lineId: row.lineId,
    kind: row.kind as TDocumentKind,
    revision: row.revision,
    path: row.path,
    originalName: row.originalName,
    mimetype: row.mimetype,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
  };
}

const lineFilter = (lineId: number | null) =>
  lineId === null ? isNull(documents.lineId) : eq(documents.lineId, lineId);

/**
 * The next revision number of a quote's document of a kind (and line): one more than the highest stored. Run with
 * the quote row locked, so two prints of the same quote cannot take the same number (the unique key also holds).
 */
export async function nextRevision(
  db: TDbOrTx,
  quoteId: number,
  kind: TDocumentKind,
  lineId: number | null,
): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${documents.revision}), 0)::int` })
    .from(documents)
    .where(and(eq(documents.quoteId, quoteId), eq(documents.kind, kind), lineFilter(lineId)));
  return Number(row?.last ?? 0) + 1;
}

export async function insertDocument(db: TDbOrTx, values: TDocumentInsert): Promise<TDocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  if (!row) throw new Error('Document insert returned no row');
  return row;
}

/** A quote's documents, newest first; narrowed to a kind (and a line) when given. */
export async function listDocuments(
  db: TDbOrTx,
  quoteId: number,
  filter: { kind: TDocumentKind; lineId: number | null } | null,
): Promise<TDocumentRow[]> {
  const where = filter
    ? and(eq(documents.quoteId, quoteId), eq(documents.kind, filter.kind), lineFilter(filter.lineId))
    : eq(documents.quoteId, quoteId);
  return db.select().from(documents).where(where).orderBy(desc(documents.createdAt), desc(documents.id));
}

export async function findDocumentByPath(db: TDbOrTx, path: string): Promise<TDocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.path, path)).limit(1);
  return row ?? null;
}

export async function findDocumentById(db: TDbOrTx, id: number): Promise<TDocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row ?? null;
}

/** The platform's display name (printed as the company on documents). */
export async function findPlatformName(db: TDbOrTx, pid: string): Promise<string | null> {
  const [row] = await db.select({ name: platforms.name }).from(platforms).where(eq(platforms.id, pid)).limit(1);
  return row?.name ?? null;
}

export async function findStatusName(db: TDbOrTx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: statusTypes.name }).from(statusTypes).where(eq(statusTypes.id, id)).limit(1);
  return row?.name ?? null;
}

/** Who a download link was issued to, as access checks need them now (role and platform may have changed). */
export async function findLinkHolder(db: TDbOrTx, userId: number) {
  const [row] = await db
    .select({ userId: users.id, roleLevel: roles.roleLevel, pid: users.pid })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** A quote's comments for printing, oldest first. */
export async function listPrintedComments(db: TDbOrTx, quoteId: number) {
  return db
    .select({ date: communications.date, comment: communications.comment, username: communications.username })
    .from(communications)
    .where(eq(communications.quoteId, quoteId))
    .orderBy(asc(communications.date), asc(communications.id));
}

/** A quote line by id, whatever its quote (the service checks access through the quote). */
export async function findLineById(db: TDbOrTx, id: number) {
  const [row] = await db.select().from(quoteLines).where(eq(quoteLines.id, id)).limit(1);
  return row ?? null;
}

/** Points a line at its current pricing document. */
export async function setLinePricingDoc(db: TDbOrTx, lineId: number, path: string): Promise<void> {
  await db
    .update(quoteLines)
    .set({ pricingDocLink: path, version: nextVersion(quoteLines.version) })
    .where(eq(quoteLines.id, lineId));
}

/**
 * Points a quote at its current printed quote (and the review configuration) or write-up (and the write-up
 * configuration), bumping its version like every quote write.
 */
export async function setQuoteDocument(
  db: TDbOrTx,
  quoteId: number,
  patch:
    | { currentPrintedDocument: string; quoteGenConfigId: string }
    | { soWriteUpDocLink: string; soWriteUpConfigId: string },
) {
  const [row] = await db
    .update(quotes)
    .set({ ...patch, version: sql`${quotes.version} + 1`, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!row) throw new Error(`Quote ${quoteId} vanished inside its transaction`);
  return row;
}
