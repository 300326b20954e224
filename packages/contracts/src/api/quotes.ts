import { z } from 'zod';
import { ZGuid, ZId, ZPagedQuery, ZVersion } from '../common';
import { CONTACT_FIELD_MASK, ZCommunication, ZQuote, ZQuoteLine, ZQuoteType } from '../entities/quotes';
import { ZAddress, ZCustomer } from '../entities/reference';
import { MSG } from '../messages';
import { ZCustomerPatch, ZOptionalText, ZQuoteAddressInput, ZQuoteBillingAddressInput } from './reference-data';

/**
 * Requests of `quoteManagement/*`. Prices never come from the client: a line's price is the configuration's (as
 * the engine computed it at finish) or the fixed-price product's default price, and the quote's total and line
 * count are derived from its lines in the same transaction.
 */

/**
 * A discount in per cent as a user types it: decimal text from 0 to 100 with at most 2 decimals ('40', '12.5').
 */
export const ZDiscountPercent = z
  .string({ error: MSG.discountPercentFormat })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, MSG.discountPercentFormat)
  .refine((text) => !/^\d+(\.\d+)?$/.test(text) || Number(text) <= 100, MSG.discountPercentFormat);

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

// ---------------------------------------------------------------- quote management (list, edit, copy, delete)

/** A quote as a list row: the quote without its lines, contact object and addresses. */
export const ZQuoteSummary = ZQuote.omit({ lines: true, contact: true, billingAddress: true, shippingAddress: true });
export type TQuoteSummary = z.infer<typeof ZQuoteSummary>;

/** The fields a getQuotes row may be narrowed to with `attributes` (id is always answered). */
export const QUOTE_LIST_ATTRIBUTES = ZQuoteSummary.keyof().options;

/**
 * getQuotes: the paged query plus `username` (whose quotes: the caller's own for levels 0 and 1; an administrator
 * may name a user of their platform or leave it out for the whole platform) and `type` (one type or several:
 * dashboards send [1, 3], orders 2). Default order createdDate descending; `search` looks in '#id', the project
 * name and the customer's name; `attributes` narrows each row to those fields.
 */
export const ZGetQuotesRequest = ZPagedQuery.extend({
  username: z.string().trim().toLowerCase().min(1).max(254).optional(),
  type: z.union([ZQuoteType, z.array(ZQuoteType).min(1).max(3)]).optional(),
  attributes: z.array(z.enum(QUOTE_LIST_ATTRIBUTES)).max(64).optional(),
});
export const ZQuoteListRow = ZQuoteSummary.partial().extend({ id: ZId });
export type TQuoteListRow = z.infer<typeof ZQuoteListRow>;
export const ZGetQuotesResult = z.object({ rows: z.array(ZQuoteListRow), count: z.number().int() });

/**
 * updateQuote input: the Details tab (name is the Project Name, notes, statusTypeId), the PO number, and the Customer
 * tab (contact fields, sameAsBilling, billing and shipping addresses; null removes an address). Every field is
 * optional: send only what changed (fields save on blur).
 */
export const ZQuotePatch = z.strictObject({
  name: ZOptionalText(200),
  notes: ZOptionalText(5000),
  statusTypeId: ZId.nullable().optional(),
  poNumber: ZOptionalText(100),
  ...ZCustomerPatch.pick(CONTACT_FIELD_MASK).shape,
  sameAsBilling: z.boolean().optional(),
  billingAddress: ZQuoteBillingAddressInput.nullable().optional(),
  shippingAddress: ZQuoteAddressInput.nullable().optional(),
  /** The quote discount in per cent, off the lines after their own discounts. */
  discountPercent: ZDiscountPercent.optional(),
});
export type TQuotePatch = z.infer<typeof ZQuotePatch>;

/** updateQuote: `{ id, _id, input, type, version }`; `_id` and `type`, when sent, must be the quote's own. */
export const ZUpdateQuoteRequest = z.strictObject({
  id: ZId,
  _id: ZGuid.optional(),
  type: ZQuoteType.optional(),
  version: ZVersion,
  input: ZQuotePatch,
});

/** deleteQuote: `{ id, _id }`; its lines, comments and own addresses go with it. */
export const ZDeleteQuoteRequest = z.strictObject({ id: ZId, _id: ZGuid.optional() });
export const ZDeleteQuoteResult = z.object({ ok: z.literal(true), id: ZId });

/**
 * copyQuote: `{ id, _id }` where `_id` is the client's new GUID for the copy (the same one twice makes one copy).
 * The copy is a type 1 quote of the caller's, unlocked, with copies of the lines and no documents.
 */
export const ZCopyQuoteRequest = z.strictObject({ id: ZId, _id: ZGuid });

/** getLines: the paged query of one quote's lines (default order id ascending); `username` keeps that user's lines. */
export const ZGetLinesRequest = ZPagedQuery.extend({
  quoteId: ZId,
  username: z.string().trim().toLowerCase().min(1).max(254).optional(),
});

/** A line's quantity: a whole number of at least 1 ('Cannot set quantity to a number less than 1.'). */
export const ZLineQuantity = z
  .number({ error: MSG.quantityMin })
  .int('Quantity must be a whole number.')
  .min(1, MSG.quantityMin)
  .max(1_000_000, 'Quantity can be at most 1,000,000.');

/**
 * updateLine: `{ input: { quantity }, id, _id }`; `version`, when sent, must be the LINE's current one (not the
 * quote's): an edit of another line of the quote meanwhile is no conflict.
 */
export const ZUpdateLineRequest = z.strictObject({
  id: ZId,
  _id: ZGuid.optional(),
  version: ZVersion.optional(),
  /** The quantity, the line discount or both; the server prices the line from them. */
  input: z
    .strictObject({ quantity: ZLineQuantity.optional(), discountPercent: ZDiscountPercent.optional() })
    .refine((input) => input.quantity !== undefined || input.discountPercent !== undefined, MSG.lineChangeEmpty),
});

/** deleteLine: `{ _id, id, quoteId }`; `version`, when sent, must be the line's current one. */
export const ZDeleteLineRequest = z.strictObject({
  id: ZId,
  _id: ZGuid.optional(),
  quoteId: ZId,
  version: ZVersion.optional(),
});

/** The quote's derived figures after a line change (re-priced in the same transaction). */
export const ZQuoteTotals = ZQuote.pick({
  id: true,
  version: true,
  totalCost: true,
  lineCount: true,
  discountPercent: true,
});
/** Said when the change withdrew the quote's approval or its request for one (msgApprovalWithdrawn). */
const ZApprovalNotice = z.string().optional();
export const ZUpdateLineResult = z.object({ line: ZQuoteLine, quote: ZQuoteTotals, approvalNotice: ZApprovalNotice });
export const ZDeleteLineResult = z.object({
  ok: z.literal(true),
  id: ZId,
  quote: ZQuoteTotals,
  approvalNotice: ZApprovalNotice,
});

/** createCommunication: `{ input: { comment, username, quoteId } }`; the writer is always the caller. */
export const ZCreateCommunicationRequest = z.strictObject({
  input: z.strictObject({
    comment: z
      .string({ error: MSG.commentRequired })
      .trim()
      .min(1, MSG.commentRequired)
      .max(2000, 'A comment can be at most 2000 characters.'),
    /** Accepted for the spec's payload shape and ignored: the comment is the caller's. */
    username: z.string().max(254).optional(),
    quoteId: ZId,
  }),
});
export const ZGetCommunicationsRequest = z.strictObject({ quoteId: ZId });
export const ZGetCommunicationsResult = z.object({ rows: z.array(ZCommunication), count: z.number().int() });

/** getQuoteContact: the quote's chosen customer (or null) and the billing and shipping addresses to pick from. */
export const ZGetQuoteContactRequest = z.strictObject({ quoteId: ZId });
export const ZGetQuoteContactResult = z.object({
  customer: ZCustomer.nullable(),
  billingAddresses: z.array(ZAddress),
  shippingAddresses: z.array(ZAddress),
});

/** How many customers the quote's customer picker offers at once. */
export const CUSTOMER_PICK_LIMIT = 20;

/**
 * findQuoteCustomers: the customers of a quote's platform to autofill it from (the picker on the Customer tab),
 * searched by name, company, e-mail, phone or ERP id as on /Customers; at most CUSTOMER_PICK_LIMIT, by id.
 */
export const ZFindQuoteCustomersRequest = z.strictObject({
  quoteId: ZId,
  search: z.string().trim().max(200).optional(),
  limit: z.number().int().min(1).max(CUSTOMER_PICK_LIMIT).optional(),
});
export const ZFindQuoteCustomersResult = z.object({ rows: z.array(ZCustomer) });

/**
 * setQuoteCustomer: autofill the quote's contact from a customer of its platform (its names, e-mail, phones,
 * company, erpId, and its billing and shipping addresses copied as the quote's own); the contact fields are then
 * read-only.
 * `customerId: null` lets go of the customer and leaves the copied values editable.
 */
export const ZSetQuoteCustomerRequest = z.strictObject({ quoteId: ZId, customerId: ZId.nullable(), version: ZVersion });
/**
 * setQuoteCustomer answers the quote, its lines priced again for the new customer (its price list, dealer pricing),
 * and what that changed in words, or null when no line's price changed.
 */
export const ZSetQuoteCustomerResult = ZQuote.extend({ pricingMessage: z.string().nullable() });

/** lockQuote and unlockQuote: the quote and the version the administrator read. */
export const ZQuoteLockRequest = z.strictObject({ id: ZId, version: ZVersion });

/** takeQuoteRequest: `{ id }` of a visitor's quote request; it becomes the caller's. */
export const ZTakeQuoteRequestRequest = z.strictObject({ id: ZId });

/** convertQuoteRequest: `{ id, version }` of a quote request the caller has taken; it becomes a quote (type 1). */
export const ZConvertQuoteRequestRequest = z.strictObject({ id: ZId, version: ZVersion });
