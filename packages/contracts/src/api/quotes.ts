import { z } from 'zod';
import { ZGuid, ZId } from '../common';
import { ZQuoteType } from '../entities/quotes';

/**
 * Requests of `quoteManagement/*`. Prices never come from the client: a line's price is the configuration's (as
 * the engine computed it at finish) or the fixed-price product's default price, and the quote's total and line
 * count are derived from its lines in the same transaction.
 */

/** createQuote: `{ input: { username, _id, type } }`. Public users (level 0) create quote requests (type 3). */
export const ZCreateQuoteRequest = z.strictObject({
  input: z.strictObject({
    _id: ZGuid,
    username: z.string().trim().max(254).optional(),
    type: ZQuoteType.optional(),
    name: z.string().trim().max(200).optional(),
  }),
});

/** getQuote / getQuoteById: `{ id }`; answers the quote with its lines. */
export const ZGetQuoteRequest = z.strictObject({ id: ZId });

/**
 * createLine: a fixed-price product straight from the catalog (configured lines come from configurator/finish).
 * `_id` is the client's GUID: sending the same one twice adds one line.
 */
export const ZCreateLineRequest = z.strictObject({
  input: z.strictObject({
    _id: ZGuid,
    quoteId: ZId,
    productId: ZId,
    quantity: z.number().int().min(1).max(1_000_000).optional(),
  }),
});
