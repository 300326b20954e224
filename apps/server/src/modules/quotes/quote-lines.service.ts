import {
  discountRefusal,
  lineChangeRefusal,
  optionalLineRefusal,
  percentText,
  type TParsedRequestOf,
  type TQuote,
  type TQuoteRefusal,
  type TResultOf,
} from '@cpq/contracts';
import type { CompiledModels } from '../../compiler/compiled-models';
import { assertAllowed } from '../../lib/app-error';
import { withdrawApprovalOnChange } from '../approvals/approval-withdrawal';
import { insertChangesBy } from '../audit/change-trail';
import { priceForQuantity } from './line-prices.service';
import { listLines } from './quote-list.repository';
import { quoteLineTrail } from './quote-trails';
import { deleteLineRow } from './quote-writes.repository';
import {
  findLineOfQuote,
  findLineRow,
  loadQuote,
  recomputeQuoteTotals,
  type TQuoteLineInsert,
  type TQuoteRow,
  toQuoteLine,
  updateLineRow,
  withLineCosts,
} from './quotes.repository';
import { assertVersion, findReadableQuote, findVisibleQuote, notFound, type TQuoteContext } from './quotes.service';

const totalsOf = (row: TQuoteRow) => ({
  id: row.id,
  version: row.version,
  totalCost: row.totalCost,
  lineCount: row.lineCount,
  discountPercent: percentText(row.discountPercent),
});

/**
 * Refuses line changes on a locked quote (MSG.quoteLocked) or an order. A line write's version is the line's, not
 * the quote's: the quote's version moves with every line (its totals), so checking it would make an edit of one line
 * conflict with a concurrent edit of another.
 */
function assertLinesChangeable(quote: TQuoteRow): void {
  assertAllowed(lineChangeRefusal(quote));
}

/** A discount refusal names the field it refuses. */
const discountDetails = (refusal: TQuoteRefusal) => [{ path: 'input.discountPercent', message: refusal.message }];

/** A page of a quote's lines; NOT_FOUND for quotes the caller may not read. */
export async function getLines(ctx: TQuoteContext, body: TParsedRequestOf<'quoteManagement/getLines'>) {
  const quote = await findReadableQuote(ctx.db, ctx.actor, body.quoteId);
  return listLines(ctx.db, quote.id, body.username, body);
}

/**
 * Changes a line's quantity or its discount (a registered user's or above: discountRefusal); a configured line is
 * priced again for a new quantity (quantity breaks), the quote's total follows the discount (price-waterfall.ts) and
 * its version is bumped, all in one transaction; audited as every line change.
 */
export async function updateLine(
  ctx: TQuoteContext & { models: CompiledModels },
  body: TParsedRequestOf<'quoteManagement/updateLine'>,
): Promise<TResultOf<'quoteManagement/updateLine'>> {
  return ctx.db.transaction(async (tx) => {
    const found = await findLineRow(tx, body.id);
    if (!found || (body._id !== undefined && body._id !== found.guid)) throw notFound('id');
    const quote = await findVisibleQuote(tx, ctx.actor, found.quoteId, true);
    assertLinesChangeable(quote);
    // Read again under the quote's lock: a concurrent delete may have removed it meanwhile.
    const before = await findLineOfQuote(tx, quote.id, found.id);
    if (!before) throw notFound('id');
    assertVersion(before, body.version);
    const { quantity, discountPercent } = body.input;
    if (discountPercent !== undefined) assertAllowed(discountRefusal(ctx.actor), discountDetails);
    const patch: Partial<TQuoteLineInsert> = discountPercent === undefined ? {} : { discountPercent };
    if (quantity !== undefined) {
      const models = { db: tx, models: ctx.models };
      const priced = await priceForQuantity(models, quote, before, quantity, 'input.quantity');
      // The sales price (what the ERP and the CRM are sent, once the pricing step set it) follows the price.
      const salesPrice = before.salesPrice === null ? null : priced.price;
      Object.assign(patch, { quantity, ...priced, salesPrice });
    }
    const line = await updateLineRow(tx, before.id, patch, body.version);
    const totals = await recomputeQuoteTotals(
      tx,
      quote.id,
      quantity === undefined ? 'input.discountPercent' : 'input.quantity',
    );
    await insertChangesBy(tx, ctx, [quoteLineTrail.updated(before, line)]);
    const approvalNotice = await withdrawApprovalOnChange(tx, ctx, quote);
    const [answered = toQuoteLine(line)] = await withLineCosts(tx, ctx.actor, [toQuoteLine(line)]);
    return { line: answered, quote: totalsOf(totals), ...(approvalNotice ? { approvalNotice } : {}) };
  });
}

/** Removes a line; the quote is re-priced from its remaining lines and its version bumped in the same transaction. */
export async function deleteLine(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/deleteLine'>,
): Promise<TResultOf<'quoteManagement/deleteLine'>> {
  return ctx.db.transaction(async (tx) => {
    const quote = await findVisibleQuote(tx, ctx.actor, body.quoteId, true);
    assertLinesChangeable(quote);
    const line = await findLineOfQuote(tx, quote.id, body.id);
    if (!line || (body._id !== undefined && body._id !== line.guid)) throw notFound('id');
    assertVersion(line, body.version);
    await deleteLineRow(tx, line, body.version);
    const totals = await recomputeQuoteTotals(tx, quote.id, 'id');
    await insertChangesBy(tx, ctx, [quoteLineTrail.deleted(line)]);
    const approvalNotice = await withdrawApprovalOnChange(tx, ctx, quote);
    return { ok: true as const, id: line.id, quote: totalsOf(totals), ...(approvalNotice ? { approvalNotice } : {}) };
  });
}

/**
 * Marks a line optional (the customer chooses on the quote link whether it is in; its choice is kept as it is) or
 * required (it is in the total again). A quote's line only (not a quote request's), not locked, not an order, at the
 * line's own version; the total follows in the same transaction.
 */
export async function setLineOptional(
  ctx: TQuoteContext,
  body: TParsedRequestOf<'quoteManagement/setLineOptional'>,
): Promise<TQuote> {
  return ctx.db.transaction(async (tx) => {
    const quote = await findVisibleQuote(tx, ctx.actor, body.id, true);
    assertLinesChangeable(quote);
    const before = await findLineOfQuote(tx, quote.id, body.lineId);
    if (!before) throw notFound('lineId');
    assertAllowed(optionalLineRefusal(quote));
    assertVersion(before, body.version);
    if (before.optional === body.optional) return loadQuote(tx, quote, ctx.actor);
    const patch = body.optional ? { optional: true } : { optional: false, selected: true };
    const line = await updateLineRow(tx, before.id, patch, body.version);
    const totals = await recomputeQuoteTotals(tx, quote.id, 'optional');
    await insertChangesBy(tx, ctx, [quoteLineTrail.updated(before, line)]);
    await withdrawApprovalOnChange(tx, ctx, quote);
    return loadQuote(tx, totals, ctx.actor);
  });
}
