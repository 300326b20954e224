import { printRefusal, type TQuote } from '@cpq/contracts';

/** Why this quote cannot be ordered yet (spec section 4): a locked quote, or one without lines; null when it can. */
export function orderBlock(quote: Pick<TQuote, 'isLocked' | 'lineCount' | 'lines'>): string | null {
  const lineCount = quote.lines ? quote.lines.length : quote.lineCount;
  return printRefusal({ isLocked: quote.isLocked, lineCount })?.message ?? null;
}
