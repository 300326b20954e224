import type { TRenderTask } from './document-renderer';
import { renderPricingDoc, renderPrintedQuote, renderWriteUp } from './documents.render';
import { renderSignedQuote } from './signed-quote.render';

/**
 * The document renderer's worker: lays out one document with pdfkit, off the server's event loop. It gets plain
 * data and answers the PDF's bytes.
 */
export default async function render(task: TRenderTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'quote':
      return renderPrintedQuote(task.quote, task.compress);
    case 'so-writeup':
      return renderWriteUp(task.quote, task.compress);
    case 'signed-quote':
      return renderSignedQuote(task.quote, task.acceptance, task.compress);
    case 'pricing':
      return renderPricingDoc(task.quote, task.line, task.compress);
  }
}
