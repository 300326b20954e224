import {
  isOrder,
  MSG,
  msgAlreadyOrdered,
  type TChoice,
  type TDetailItem,
  type TFinishResult,
  type TUiState,
  ZPoNumber,
} from '@cpq/contracts';
import type { PriceItem } from '@cpq/engine';
import type { TDb, TDbOrTx } from '../../../db/client';
import { withTransaction } from '../../../db/transaction';
import type { TActor } from '../../../lib/actor';
import { AppError } from '../../../lib/app-error';
import { insertChangesBy } from '../../audit/change-trail';
import { type TStoredConfiguration, updateConfigurationRow } from '../../configurations/configurations.repository';
import { setLinePricingDoc, setQuoteDocument, type TDocumentRow } from '../../documents/documents.repository';
import { printPricingDocument, printQuoteDocument, type TPrintContext } from '../../documents/documents.service';
import type { TOrderContext } from '../../orders/order-context';
import { assertOrderable, checkoutTypeOf, convertToOrder } from '../../orders/order-placement';
import { CARD_CHECKOUT } from '../../orders/place-order.service';
import { quoteTrail } from '../../quotes/quote-trails';
import type { TQuoteRow } from '../../quotes/quotes.repository';
import { findVisibleQuote } from '../../quotes/quotes.service';
import { configurationTrail } from '../configuration-trail';

/** Who finishes, from where, where files go, when, and what lays them out: what the configurator passes. */
export type TStepContext = Omit<TPrintContext, 'tx'> & { ip: string };

/**
 * Finishes a Review (Quote_Gen) or SO write-up (SO_WriteUP) configuration on its quote, in the finish's
 * transaction: the quote (locked) must pass the spec's checks, its document is printed as the next revision, and
 * the quote points at it and at the configuration. No line is added.
 */
export async function finishDocumentStep(
  tx: TDbOrTx,
  ctx: TStepContext,
  step: { mode: 'Review' | 'SOWriteup'; quoteId: number; configurationId: string; answers: TDetailItem[] },
): Promise<{ quote: TQuoteRow; document: TDocumentRow }> {
  const quote = await findVisibleQuote(tx, ctx.actor, step.quoteId, true);
  if (step.mode === 'Review') assertNotOrder(quote);
  const print = { tx, actor: ctx.actor, dataDir: ctx.dataDir, now: ctx.now, renderer: ctx.renderer };
  const isReview = step.mode === 'Review';
  const document = await printQuoteDocument(print, quote, isReview ? 'quote' : 'so-writeup', step.answers);
  const updated = await setQuoteDocument(
    tx,
    quote.id,
    isReview
      ? { currentPrintedDocument: document.path, quoteGenConfigId: step.configurationId }
      : { soWriteUpDocLink: document.path, soWriteUpConfigId: step.configurationId },
  );
  await insertChangesBy(tx, ctx, [quoteTrail.updated(quote, updated)]);
  return { quote: updated, document };
}

/**
 * Prints a finished line's pricing document as its next revision, itemised by the priced components of its unit
 * price, and points the line at it.
 */
export async function printLinePricing(
  tx: TDbOrTx,
  ctx: TStepContext,
  quote: TQuoteRow,
  line: { id: number; priceItems: readonly PriceItem[] },
): Promise<TDocumentRow> {
  const lineId = line.id;
  const document = await printPricingDocument(
    { tx, actor: ctx.actor, dataDir: ctx.dataDir, now: ctx.now, renderer: ctx.renderer },
    quote,
    lineId,
    line.priceItems,
  );
  await setLinePricingDoc(tx, lineId, document.path);
  return document;
}

type TFinishingConfiguration = {
  row: TStoredConfiguration;
  choices: TChoice[];
  ui: Pick<TUiState, 'Details' | 'ImageUrl'>;
  partNumber: string;
  description: string;
};

/** What finishing a step needs: the document context, the database, and for the write-up the order's context. */
export type TFinishStepContext = TStepContext & { db: TDb; order: TOrderContext };

/** The write-up option that holds the customer's PO number (the built-in SO_WriteUP model's). */
const PO_OPTION = 'poNumber';

/**
 * The PO number a write-up gives the order: its Customer PO answer, else the PO number already on the quote; one of
 * them is needed, as for an order placed from the PO panel.
 */
function writeUpPoNumber(choices: TChoice[], quote: TQuoteRow): string {
  const typed = choices.find((choice) => choice.optionId === PO_OPTION)?.value ?? quote.poNumber ?? '';
  const parsed = ZPoNumber.safeParse(typed);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Enter the purchase-order number.';
    throw new AppError('VALIDATION_FAILED', message, [{ path: PO_OPTION, message }]);
  }
  return parsed.data;
}

/**
 * Whether an SO write-up may start or finish on a quote, before anything is typed or printed: the caller's account
 * orders by purchase order, and the quote is one that can become an order (not already one, not a quote request,
 * unlocked, with lines).
 */
export async function assertWriteUpAllowed(db: TDbOrTx, actor: TActor, quote: TQuoteRow): Promise<void> {
  if ((await checkoutTypeOf(db, actor)) === CARD_CHECKOUT) throw new AppError('FORBIDDEN', MSG.cardCheckoutOnly);
  if (isOrder(quote)) throw new AppError('CONFLICT', msgAlreadyOrdered(quote.id));
  await assertOrderable(db, quote, quote.version);
}

/** A placed order takes no new quote document: its header and documents are fixed. */
export function assertNotOrder(quote: Pick<TQuoteRow, 'type'>): void {
  if (isOrder(quote)) throw new AppError('CONFLICT', MSG.orderReadOnly);
}

/**
 * configurator/finish of a Review or SO write-up configuration: in one transaction the quote's document is printed
 * (see finishDocumentStep) and the configuration stored as complete, pointing at the quote. No line is added, so
 * the result has no line id. The SO write-up then places the order through the order core (the spec's "the type 2
 * quote is updated with lines and a document link"), with the write-up's Customer PO as the order's PO number;
 * finishing the same write-up again answers the order it placed.
 */
export async function finishStepConfiguration(
  ctx: TFinishStepContext,
  mode: 'Review' | 'SOWriteup',
  quoteId: number | null,
  done: TFinishingConfiguration,
): Promise<TFinishResult> {
  if (quoteId === null) {
    throw new AppError('VALIDATION_FAILED', MSG.addLine, [{ path: 'quoteId', message: MSG.addLine }]);
  }
  const isWriteUp = mode === 'SOWriteup';
  const quote = await withTransaction(ctx.db, ctx.order.log, async (tx, afterCommit): Promise<TQuoteRow> => {
    if (isWriteUp) {
      const current = await findVisibleQuote(tx, ctx.actor, quoteId, true);
      const isSameWriteUp = current.soWriteUpConfigId === done.row.id && done.row.isComplete;
      if (isOrder(current) && isSameWriteUp) return current;
      await assertWriteUpAllowed(tx, ctx.actor, current);
    }
    const { quote } = await finishDocumentStep(tx, ctx, {
      mode,
      quoteId,
      configurationId: done.row.id,
      answers: done.ui.Details,
    });
    const saved = await updateConfigurationRow(tx, done.row.id, {
      choices: done.choices,
      quoteId: quote.id,
      lineId: null,
      isComplete: true,
      partNumber: done.partNumber,
      description: done.description,
      priceCents: 0,
      details: done.ui.Details,
      imageUrl: done.ui.ImageUrl || null,
    });
    await insertChangesBy(tx, ctx, [configurationTrail.updated(done.row, saved)]);
    if (!isWriteUp) return quote;
    const payment = { kind: 'po', poNumber: writeUpPoNumber(done.choices, quote), via: 'writeup' } as const;
    return convertToOrder(tx, afterCommit, ctx.order, quote, payment);
  });
  return {
    quoteId: quote.id,
    quoteType: quote.type === 2 ? 2 : quote.type === 3 ? 3 : 1,
    lineId: null,
    partNumber: done.partNumber,
    price: 0,
    isNewQuote: false,
  };
}
