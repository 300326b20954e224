import { MSG, type TChoice, type TDetailItem, type TFinishResult, type TUiState } from '@cpq/contracts';
import type { PriceItem } from '@cpq/engine';
import type { TDb, TDbOrTx } from '../../db/client';
import type { TActor } from '../../http/actor';
import { AppError } from '../../lib/app-error';
import { insertChangesBy } from '../audit/change-trail';
import { configurationTrail } from '../configurator/configuration-trail';
import { type TStoredConfiguration, updateConfigurationRow } from '../configurator/configurator.repository';
import { quoteTrail } from '../quotes/quote-trails';
import type { TQuoteRow } from '../quotes/quotes.repository';
import { findVisibleQuote } from '../quotes/quotes.service';
import { setLinePricingDoc, setQuoteDocument, type TDocumentRow } from './documents.repository';
import { printPricingDocument, printQuoteDocument } from './documents.service';

/** Who finishes, from where, where files go and when: what the configurator passes to the document steps. */
export type TStepContext = { actor: TActor; ip: string; dataDir: string; now: Date };

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
  const print = { tx, actor: ctx.actor, dataDir: ctx.dataDir, now: ctx.now };
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
    { tx, actor: ctx.actor, dataDir: ctx.dataDir, now: ctx.now },
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

/**
 * configurator/finish of a Review or SO write-up configuration: in one transaction the quote's document is printed
 * (see finishDocumentStep) and the configuration stored as complete, pointing at the quote. No line is added, so
 * the result has no line id.
 */
export async function finishStepConfiguration(
  ctx: TStepContext & { db: TDb },
  mode: 'Review' | 'SOWriteup',
  quoteId: number | null,
  done: TFinishingConfiguration,
): Promise<TFinishResult> {
  if (quoteId === null) {
    throw new AppError('VALIDATION_FAILED', MSG.addLine, [{ path: 'quoteId', message: MSG.addLine }]);
  }
  return ctx.db.transaction(async (tx) => {
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
    return {
      quoteId: quote.id,
      quoteType: quote.type === 2 ? 2 : quote.type === 3 ? 3 : 1,
      lineId: null,
      partNumber: done.partNumber,
      price: 0,
      isNewQuote: false,
    };
  });
}
