import type { TInitialParameter, TQuote } from '@cpq/contracts';

/** The spec's stand-in for a review line without a part name. */
export const NO_NAME = 'NO NAME ERROR';

const text = (Name: string, SimpleValue: string, Type: TInitialParameter['Type'] = 0): TInitialParameter => ({
  Name,
  SimpleValue,
  IsNull: false,
  Type,
});

/**
 * Review mode (quote generation) starts with the quote's lines, each field of all lines joined with '|'
 * (spec: "In Review mode the line items are concatenated with '|' separators into the initial parameters").
 */
export function reviewLineParams(quote: Pick<TQuote, 'lines'>): TInitialParameter[] {
  const lines = quote.lines ?? [];
  const join = (pick: (line: NonNullable<TQuote['lines']>[number]) => string | number | null) =>
    lines.map((line) => String(pick(line) ?? '')).join('|');
  return [
    text('Line_Count', String(lines.length), 1),
    text(
      'Line_Item',
      join((line) => line.partNumber || line.CfgPartNumber || line.productName || NO_NAME),
    ),
    text(
      'Line_Qty',
      join((line) => line.quantity),
    ),
    text(
      'Line_Desc',
      join((line) => line.description ?? line.LineDescription),
    ),
    text(
      'Line_Price',
      join((line) => line.price),
    ),
    text(
      'Line_ConfigurationID',
      join((line) => line.configurationId),
    ),
  ];
}
