import { changeTrail } from '../audit/change-trail';
import type { TQuoteLineRow, TQuoteRow } from './quotes.repository';

/** Quote changes; created events carry the type. Totals and versions are derived, so they are not compared. */
export const quoteTrail = changeTrail('quote', (row: Pick<TQuoteRow, 'id' | 'pid' | 'type'>) => ({
  id: row.id,
  pid: row.pid,
  label: { type: row.type },
}));

/** Quote line changes; created events carry the quote and part number. */
export const quoteLineTrail = changeTrail(
  'quoteLine',
  (
    row: Pick<TQuoteLineRow, 'id' | 'pid' | 'quoteId' | 'partNumber' | 'price' | 'quantity' | 'details' | 'imgUrl'>,
  ) => ({
    id: row.id,
    pid: row.pid,
    label: { quoteId: row.quoteId, partNumber: row.partNumber },
  }),
);
