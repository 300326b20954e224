import type { TDetailItem } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import type { TActor } from '../../http/actor';
import { insertChangesBy } from '../audit/change-trail';
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

/** Prints a finished line's pricing document as its next revision and points the line at it. */
export async function printLinePricing(
  tx: TDbOrTx,
  ctx: TStepContext,
  quote: TQuoteRow,
  lineId: number,
): Promise<TDocumentRow> {
  const document = await printPricingDocument(
    { tx, actor: ctx.actor, dataDir: ctx.dataDir, now: ctx.now },
    quote,
    lineId,
  );
  await setLinePricingDoc(tx, lineId, document.path);
  return document;
}
