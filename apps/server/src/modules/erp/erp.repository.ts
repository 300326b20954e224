import { DEFAULT_INTEGRATION, QUOTE_TYPE } from '@cpq/contracts';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { TErpRmaState } from '../../adapters/erp/erp-adapter';
import type { TDbOrTx } from '../../db/client';
import { integrationSettings, platforms, quoteLines, quotes, rmas } from '../../db/schema';
import type { TQuoteRow } from '../quotes/quotes.repository';

/**
 * Records an order's ERP number and status when either differs from ours, with a new version; answers the order
 * when it changed, undefined when it already said so.
 */
export async function applyErpState(
  db: TDbOrTx,
  state: { quoteId: number; erpOrderNo: string; status: string | null },
): Promise<TQuoteRow | undefined> {
  const [row] = await db
    .update(quotes)
    .set({
      erpOrderNo: state.erpOrderNo,
      csiStatus: state.status,
      version: sql`${quotes.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(quotes.id, state.quoteId),
        sql`(${quotes.erpOrderNo} is distinct from ${state.erpOrderNo} or ${quotes.csiStatus} is distinct from ${state.status})`,
      ),
    )
    .returning();
  return row;
}

/** An RMA with the line it returns and its order, as the ERP job sends it; undefined when the RMA is gone. */
export async function findRmaWithLineAndOrder(db: TDbOrTx, rmaId: number) {
  const [found] = await db
    .select({ rma: rmas, line: quoteLines, order: quotes })
    .from(rmas)
    .innerJoin(quoteLines, eq(quoteLines.id, rmas.lineId))
    .innerJoin(quotes, eq(quotes.id, rmas.quoteId))
    .where(eq(rmas.id, rmaId));
  return found;
}

/** Records the ERP's line number and status of a returned line. */
export async function recordRmaErpState(
  db: TDbOrTx,
  rmaId: number,
  state: Pick<TErpRmaState, 'erpLineNo' | 'status'>,
): Promise<void> {
  await db.update(rmas).set({ erpLineNo: state.erpLineNo, erpStatus: state.status }).where(eq(rmas.id, rmaId));
}

/** The platform's newest orders with an ERP number (at most `limit`), whose statuses a poll reads. */
export function listOrdersWithErpNumber(db: TDbOrTx, pid: string, limit: number) {
  return db
    .select({ id: quotes.id, erpOrderNo: quotes.erpOrderNo, csiStatus: quotes.csiStatus })
    .from(quotes)
    .where(and(eq(quotes.pid, pid), eq(quotes.type, QUOTE_TYPE.Order), isNotNull(quotes.erpOrderNo)))
    .orderBy(desc(quotes.dateOrderPlaced))
    .limit(limit);
}

/** Platforms with an outside ERP and its connection: one without settings has nothing to poll yet. */
export function listPlatformsWithOutsideErp(db: TDbOrTx): Promise<{ id: string }[]> {
  return db
    .select({ id: platforms.id })
    .from(platforms)
    .innerJoin(integrationSettings, eq(integrationSettings.pid, platforms.id))
    .where(and(ne(platforms.integration, DEFAULT_INTEGRATION), isNotNull(integrationSettings.erp)));
}
