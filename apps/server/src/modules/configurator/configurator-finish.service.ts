import {
  fromCents,
  MSG,
  type TFinishResult,
  type TParsedRequestOf,
  type TUiState,
  ZLineQuantity,
} from '@cpq/contracts';
import { AppError } from '../../lib/app-error';
import { withdrawApprovalOnChange } from '../approvals/approval-withdrawal';
import { insertChangesBy } from '../audit/change-trail';
import { updateConfigurationRow } from '../configurations/configurations.repository';
import { priceConfiguration, quantityOptionOf } from '../configurations/line-pricing';
import type { TOrderContext } from '../orders/order-context';
import { findProductRow } from '../products/products.repository';
import { linePricesOf, quotePricingOf, withPriceListItem } from '../quotes/line-prices.service';
import { quoteLineTrail } from '../quotes/quote-trails';
import { newQuoteType, quoteCreatedFlag } from '../quotes/quotes.policy';
import {
  findLineOfQuote,
  insertLine,
  recomputeQuoteTotals,
  type TQuoteRow,
  updateLineRow,
} from '../quotes/quotes.repository';
import { insertNewQuote, lockQuoteForLines, newQuoteGuid } from '../quotes/quotes.service';
import { isOnOrder, orderConfigurationReadOnly } from './configuration-copies';
import { configurationTrail } from './configuration-trail';
import { modeOf } from './configurator.policy';
import { loadSession, type TConfiguratorContext } from './configurator.service';
import { finishStepConfiguration, printLinePricing } from './steps/document-steps.service';

/**
 * Finishes a complete configuration: stores its outputs and, in one transaction, puts its line on a quote (a new
 * one, a quote request for public users, when none is given), updating the line it already has there on a
 * reconfigure, recomputes the quote's totals and prints the line's pricing document. A Review or SO write-up
 * configuration prints the quote's document instead and adds no line (configurator/steps/document-steps.service).
 */
export async function finish(
  ctx: TConfiguratorContext & { order: TOrderContext },
  body: TParsedRequestOf<'configurator/finish'>,
): Promise<TFinishResult> {
  const { actor } = ctx;
  const { row, session } = await loadSession(ctx, body.sessionId);
  const ui = session.state() as TUiState;
  if (!ui.IsExecutionComplete) {
    throw new AppError('VALIDATION_FAILED', MSG.configurationIncomplete, [
      { path: 'sessionId', message: MSG.configurationIncomplete },
    ]);
  }
  const product = await findProductRow(ctx.db, { kind: 'platform', pid: row.pid }, row.productId);
  if (!product) throw new AppError('NOT_FOUND', MSG.notFound);
  const partNumber = ui.PartNumber || product.productNumber;
  const description = ui.Description || product.name;
  const mode = modeOf(product.ruleset);
  const { config, renderer } = ctx.order.deps;
  const stepCtx = { db: ctx.db, actor, ip: ctx.ip, dataDir: config.dataDir, now: new Date(), renderer };
  // A product's configuration on an order stays as ordered (a step's: its own rules, such as the write-up's retry).
  if (mode === 'Default' && (await isOnOrder(ctx, row))) throw orderConfigurationReadOnly();
  if (mode !== 'Default') {
    const done = { row, choices: session.choices(), ui, partNumber, description };
    return finishStepConfiguration({ ...stepCtx, order: ctx.order }, mode, body.quoteId ?? row.quoteId, done);
  }
  // A quantity option's value becomes the line's quantity: a model's range may allow what no line holds (a fraction,
  // billions), refused here naming the option before anything is written.
  const option = quantityOptionOf(session.compiled.model);
  const chosen = option ? session.valueOf(option.id) : undefined;
  if (option && body.quantity === undefined && typeof chosen === 'number') {
    const checked = ZLineQuantity.safeParse(chosen);
    const message = checked.success ? undefined : (checked.error.issues[0]?.message ?? MSG.quantityMin);
    if (message) throw new AppError('VALIDATION_FAILED', message, [{ path: option.id, message }]);
  }
  return ctx.db.transaction(async (tx) => {
    const targetId = body.quoteId ?? row.quoteId;
    let quote: TQuoteRow;
    let isNewQuote = false;
    if (targetId === null) {
      const created = await insertNewQuote(tx, ctx, {
        guid: newQuoteGuid(),
        pid: row.pid,
        type: newQuoteType(actor),
        ownerId: actor.userId,
        ownerEmail: actor.username,
      });
      if (!created) throw new Error('A freshly generated quote GUID collided');
      quote = created;
      isNewQuote = true;
    } else {
      quote = await lockQuoteForLines(tx, actor, targetId);
    }
    const existing = row.lineId === null ? null : await findLineOfQuote(tx, quote.id, row.lineId);
    // The line's quantity: as asked, else what a quantity option says, else the line's own, else one. The price is
    // the server's for that quantity and the quote's customer, whatever the session was started with.
    const quantity = body.quantity ?? (typeof chosen === 'number' ? chosen : (existing?.quantity ?? 1));
    const pricing = await quotePricingOf(tx, quote, [product.id]);
    const configured = { ...row, choices: session.choices() };
    const priced = await priceConfiguration(
      { db: tx, models: ctx.models },
      configured,
      { isDealer: pricing.isDealer, quantity },
      'quantity',
    );
    const { priceCents } = priced;
    const prices = linePricesOf(pricing, product.id, quantity, fromCents(priceCents), priced.priceItems);
    const { price } = prices;
    const lineValues = {
      ...prices,
      details: priced.ui.Details,
      imgUrl: priced.ui.ImageUrl || product.imageUrl,
      partNumber,
      description,
      cfgPartNumber: partNumber,
      lineDescription: description,
    };
    let lineId: number;
    if (existing) {
      const updated = await updateLineRow(tx, existing.id, { ...lineValues, salesPrice: null, quantity });
      await insertChangesBy(tx, ctx, [quoteLineTrail.updated(existing, updated)]);
      lineId = updated.id;
    } else {
      const line = await insertLine(tx, {
        ...lineValues,
        guid: newQuoteGuid(),
        quoteId: quote.id,
        pid: quote.pid,
        productId: product.id,
        configurationId: row.id,
        quantity,
        productName: product.name,
        username: actor.username,
        quoteCreated: quoteCreatedFlag(actor),
        isNonConfigurable: false,
        headerId: product.headerId,
      });
      await insertChangesBy(tx, ctx, [quoteLineTrail.created(line)]);
      lineId = line.id;
    }
    const totals = await recomputeQuoteTotals(tx, quote.id, 'quantity');
    await withdrawApprovalOnChange(tx, ctx, quote);
    const priceItems = withPriceListItem(priced.priceItems, pricing, priceCents, price);
    await printLinePricing(tx, stepCtx, totals, { id: lineId, priceItems });
    const saved = await updateConfigurationRow(tx, row.id, {
      choices: priced.choices,
      params: priced.params,
      quoteId: quote.id,
      lineId,
      isComplete: true,
      partNumber,
      description,
      priceCents,
      details: priced.ui.Details,
      imageUrl: lineValues.imgUrl,
    });
    await insertChangesBy(tx, ctx, [configurationTrail.updated(row, saved)]);
    return {
      quoteId: totals.id,
      quoteType: totals.type === 3 ? 3 : totals.type === 2 ? 2 : 1,
      lineId,
      partNumber,
      price: Number(price),
      isNewQuote,
      isLineUpdated: existing !== null,
    };
  });
}
