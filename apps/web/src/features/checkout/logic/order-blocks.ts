import { MSG, type TQuote } from '@cpq/contracts';

/** Why this quote cannot be ordered yet (spec section 4): a locked quote, or one without lines; null when it can. */
export function orderBlock(quote: Pick<TQuote, 'isLocked' | 'lineCount' | 'lines'>): string | null {
  if (quote.isLocked) return MSG.quoteLocked;
  const lineCount = quote.lines ? quote.lines.length : quote.lineCount;
  return lineCount < 1 ? MSG.addLine : null;
}
