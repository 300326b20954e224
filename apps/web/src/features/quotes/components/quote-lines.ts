import type { TQuote, TQuoteLine } from '@cpq/contracts';
import { formatCurrency, quoteTotalRows, quoteWaterfall } from '@cpq/contracts';

/** The spec's names of the quote types (1 Quote, 2 Order, 3 Quote Request). */
export const QUOTE_TYPE_NAMES: Record<TQuote['type'], string> = { 1: 'Quote', 2: 'Order', 3: 'Quote Request' };

/** '{Quote|Order|Quote Request} #{id}' */
export const quoteTitle = (quote: Pick<TQuote, 'type' | 'id'>): string =>
  `${QUOTE_TYPE_NAMES[quote.type]} #${quote.id}`;

/** The line's part number: the configured one when the configurator produced it. */
export const linePartNumber = (line: TQuoteLine): string | null => line.CfgPartNumber || line.partNumber;

/** The line's description: the configured one, else the product's, else the product's name. */
export const lineDescription = (line: TQuoteLine): string | null =>
  line.LineDescription || line.description || line.productName;

/** A configured line can be reopened in the configurator; a fixed-price line cannot. */
export const isReconfigurable = (
  line: TQuoteLine,
): line is TQuoteLine & { configurationId: string; productId: number } =>
  !line.isNonConfigurable && Boolean(line.configurationId) && line.productId !== null;

/** A Details item as shown: Type 5 or more is an amount in the quote's currency (spec, configurator screen). */
export const detailValue = (item: TQuoteLine['Details'][number], currency?: string): string =>
  (item.Type ?? 0) >= 5 ? formatCurrency(item.Value, currency) : item.Value;

/**
 * The quote's totals as rows (quoteTotalRows) ending at the total the server keeps; with cost and margin when the
 * server sent every line's cost, which it sends only to viewers who may see them (canSeeMargin).
 */
export function totalRows(quote: Pick<TQuote, 'lines' | 'discountPercent' | 'totalCost' | 'currency'>) {
  const lines = quote.lines ?? [];
  const withMargin = lines.length > 0 && lines.every((line) => line.cost !== undefined);
  const waterfall = quoteWaterfall(lines, quote.discountPercent);
  return quoteTotalRows({ ...waterfall, total: quote.totalCost }, withMargin, quote.currency);
}
