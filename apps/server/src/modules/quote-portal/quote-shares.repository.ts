import { and, asc, count, desc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { communications, quoteAcceptances, quoteShareOpenings, quoteShares } from '../../db/schema';
import { hashShareToken } from './share-token';

export type TShareRow = typeof quoteShares.$inferSelect;
export type TShareInsert = Omit<typeof quoteShares.$inferInsert, 'id' | 'revokedAt'> & { createdAt: Date };
export type TShareOpeningRow = typeof quoteShareOpenings.$inferSelect;
export type TAcceptanceRow = typeof quoteAcceptances.$inferSelect;

/** How many openings of each link its sales side sees (newest first). */
export const SHARE_OPENINGS_SHOWN = 20;

/** The link a token opens: the token is hashed and looked up by hash; null for an unknown (or tampered) one. */
export async function findShareByToken(db: TDbOrTx, token: string): Promise<TShareRow | null> {
  const [row] = await db
    .select()
    .from(quoteShares)
    .where(eq(quoteShares.tokenHash, hashShareToken(token)))
    .limit(1);
  return row ?? null;
}

/** One link by id (any platform: the service checks access through its quote). */
export async function findShareById(db: TDbOrTx, id: number, forUpdate = false): Promise<TShareRow | null> {
  const query = db.select().from(quoteShares).where(eq(quoteShares.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertShare(db: TDbOrTx, values: TShareInsert): Promise<TShareRow> {
  const [row] = await db.insert(quoteShares).values(values).returning();
  if (!row) throw new Error('Quote share insert returned no row');
  return row;
}

/** Revokes a link once: a revoked link keeps its first revocation time. */
export async function revokeShareRow(db: TDbOrTx, id: number, now: Date): Promise<TShareRow> {
  const [row] = await db
    .update(quoteShares)
    .set({ revokedAt: sql`coalesce(${quoteShares.revokedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(quoteShares.id, id))
    .returning();
  if (!row) throw new Error(`Quote share ${id} vanished inside its transaction`);
  return row;
}

/** A quote's links, newest first. */
export async function listSharesOfQuote(db: TDbOrTx, quoteId: number): Promise<TShareRow[]> {
  return db
    .select()
    .from(quoteShares)
    .where(eq(quoteShares.quoteId, quoteId))
    .orderBy(desc(quoteShares.createdAt), desc(quoteShares.id));
}

export type TOpeningSummary = { openCount: number; lastOpenedAt: Date | null; openings: TShareOpeningRow[] };

/**
 * The opening counts and the latest SHARE_OPENINGS_SHOWN openings of several links, in two queries whatever their
 * number (a window ranks each link's openings), keyed by link id.
 */
export async function openingsOfShares(db: TDbOrTx, shareIds: number[]): Promise<Map<number, TOpeningSummary>> {
  const summaries = new Map<number, TOpeningSummary>(
    shareIds.map((id) => [id, { openCount: 0, lastOpenedAt: null, openings: [] }]),
  );
  if (shareIds.length === 0) return summaries;
  const ranked = db
    .select({
      id: quoteShareOpenings.id,
      shareId: quoteShareOpenings.shareId,
      at: quoteShareOpenings.at,
      ip: quoteShareOpenings.ip,
      userAgent: quoteShareOpenings.userAgent,
      rank: sql<number>`row_number() over (partition by ${quoteShareOpenings.shareId} order by ${quoteShareOpenings.at} desc, ${quoteShareOpenings.id} desc)`.as(
        'rank',
      ),
    })
    .from(quoteShareOpenings)
    .where(inArray(quoteShareOpenings.shareId, shareIds))
    .as('ranked');
  const [counts, latest] = await Promise.all([
    db
      .select({ shareId: quoteShareOpenings.shareId, openCount: count(), lastOpenedAt: max(quoteShareOpenings.at) })
      .from(quoteShareOpenings)
      .where(inArray(quoteShareOpenings.shareId, shareIds))
      .groupBy(quoteShareOpenings.shareId),
    db
      .select({ id: ranked.id, shareId: ranked.shareId, at: ranked.at, ip: ranked.ip, userAgent: ranked.userAgent })
      .from(ranked)
      .where(sql`${ranked.rank} <= ${SHARE_OPENINGS_SHOWN}`)
      .orderBy(asc(ranked.shareId), desc(ranked.at), desc(ranked.id)),
  ]);
  for (const row of counts) {
    const summary = summaries.get(row.shareId);
    if (summary) {
      summary.openCount = Number(row.openCount);
      summary.lastOpenedAt = row.lastOpenedAt === null ? null : new Date(row.lastOpenedAt);
    }
  }
  for (const row of latest) summaries.get(row.shareId)?.openings.push({ ...row, at: new Date(row.at) });
  return summaries;
}

/** Records one opening of a link. */
export async function insertOpening(
  db: TDbOrTx,
  values: { shareId: number; at: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(quoteShareOpenings).values(values);
}

/**
 * Moves the quote's unrevoked links that were at `fromVersion` to `toVersion`: a change the customer made through a
 * link is not the sales side's, so it supersedes none of the links that showed the quote as it was.
 */
export async function followQuoteVersion(
  db: TDbOrTx,
  quoteId: number,
  fromVersion: number,
  toVersion: number,
): Promise<void> {
  await db
    .update(quoteShares)
    .set({ quoteVersion: toVersion })
    .where(
      and(eq(quoteShares.quoteId, quoteId), eq(quoteShares.quoteVersion, fromVersion), isNull(quoteShares.revokedAt)),
    );
}

/** The customer's acceptance of a quote, or null when it was not accepted through a link. */
export async function findAcceptanceOfQuote(db: TDbOrTx, quoteId: number): Promise<TAcceptanceRow | null> {
  const [row] = await db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quoteId)).limit(1);
  return row ?? null;
}

/** A quote's comments as the link shows them, oldest first; a comment written through a link has no user. */
export async function listPortalComments(db: TDbOrTx, quoteId: number) {
  return db
    .select({
      username: communications.username,
      comment: communications.comment,
      date: communications.date,
      userId: communications.userId,
    })
    .from(communications)
    .where(eq(communications.quoteId, quoteId))
    .orderBy(asc(communications.date), asc(communications.id));
}

/** Stores a comment the customer wrote through a link: no user, the link's id. */
export async function insertCustomerComment(
  db: TDbOrTx,
  values: { quoteId: number; pid: string; shareId: number; username: string; comment: string },
): Promise<void> {
  await db.insert(communications).values({ ...values, userId: null });
}
