import { z } from 'zod';
import { ZGuid, ZId, ZIsoDate, ZVersion } from '../common';
import { ZAddress, ZCustomer, ZMoney } from './reference';

/** A Caption/Value/Type item of a configured line's Details (Type 5 or more is shown as currency). */
export const ZDetailItem = z.object({ Caption: z.string(), Value: z.string(), Type: z.number().int().optional() });
export type TDetailItem = z.infer<typeof ZDetailItem>;

/** The quote's contact: the customer's person-and-company fields (the mask picks them from a customer schema). */
export const CONTACT_FIELD_MASK = {
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  altPhone: true,
  companyName: true,
} as const;
export const ZContact = ZCustomer.pick({ id: true, ...CONTACT_FIELD_MASK });
export type TContact = z.infer<typeof ZContact>;

/**
 * A quote's own contact: typed on the Customer tab, or copied from a customer of the platform (then `id` is that
 * customer's id, and the fields are read-only while the quote also has an erpId).
 */
export const ZQuoteContact = ZContact.extend({ id: ZId.nullable() });
export type TQuoteContact = z.infer<typeof ZQuoteContact>;

export const ZQuoteType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const ZQuoteLine = z.object({
  id: ZId,
  _id: ZGuid,
  configurationId: z.string().nullable(),
  headerId: z.string().nullable(),
  imgUrl: z.string().nullable(),
  /** Unit price after the customer's price list and its tier, before any discount. */
  price: ZMoney,
  salesPrice: ZMoney.nullable(),
  /** The line discount in per cent, as shortest decimal text ('0'..'100'). */
  discountPercent: z.string(),
  /** Unit list price before any price list (the waterfall's first step); null when not known. */
  listPrice: ZMoney.nullable(),
  /** Unit price of the customer's price list at its first tier; null when no list priced the line. */
  priceListPrice: ZMoney.nullable(),
  /** Unit cost of the line's product (null when it has none); absent for callers who may not see cost and margin. */
  cost: ZMoney.nullable().optional(),
  quantity: z.number().int().min(1),
  productId: ZId.nullable(),
  quoteId: ZId,
  description: z.string().nullable(),
  partNumber: z.string().nullable(),
  productName: z.string().nullable(),
  CfgPartNumber: z.string().nullable(),
  LineDescription: z.string().nullable(),
  username: z.string().nullable(),
  quoteCreated: z.enum(['0', '1']),
  Details: z.array(ZDetailItem),
  companyId: z.number().int(),
  PricingDocLink: z.string().nullable(),
  isNonConfigurable: z.boolean(),
  rmaCreated: z.boolean(),
  /**
   * The line's own version (every change of the line raises it): line writes are checked against it, so editing one
   * line never conflicts with an edit of another line of the quote. The quote's version moves too, with its totals.
   */
  version: ZVersion,
  /** The rep marked it optional: the customer chooses on the quote link whether it is in. */
  optional: z.boolean(),
  /** In the quote's total: always for a required line; for an optional one, as the customer chose. */
  selected: z.boolean(),
});
export type TQuoteLine = z.infer<typeof ZQuoteLine>;

export const ZCommunication = z.object({
  id: ZId,
  comment: z.string(),
  username: z.string(),
  quoteId: ZId,
  date: ZIsoDate,
});
export type TCommunication = z.infer<typeof ZCommunication>;

export const ZDocumentReference = z.object({ path: z.string(), originalName: z.string(), mimetype: z.string() });
export type TDocumentReference = z.infer<typeof ZDocumentReference>;

export const ZQuote = z.object({
  id: ZId,
  _id: ZGuid,
  name: z.string().nullable(),
  type: ZQuoteType,
  version: z.number().int(),
  pid: z.string(),
  companyId: z.number().int().nullable(),
  sfQuoteNumber: z.string().nullable(),
  salesforceQuoteId: z.string().nullable(),
  salesforceOpportunityId: z.string().nullable(),
  statusTypeId: ZId.nullable(),
  /** The name of that status type (whatever the reader's level: an order shows its status to its buyer). */
  statusName: z.string().nullable(),
  createdByEmail: z.string(),
  createdByUserId: ZId,
  createdDate: ZIsoDate,
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  dateOrderPlaced: ZIsoDate.nullable(),
  /** The platform's integration (default, visual, CSI) recorded when the quote became an order. */
  integration: z.string().nullable(),
  sfCustomer: z.string().nullable(),
  sfUserId: z.string().nullable(),
  sfUserAlias: z.string().nullable(),
  sfRepCode: z.string().nullable(),
  sfDivisionCode: z.string().nullable(),
  sfTerritoryCode: z.string().nullable(),
  sfRegionCode: z.string().nullable(),
  csiCustomerNumber: z.string().nullable(),
  csiStatus: z.string().nullable(),
  erpId: z.string().nullable(),
  erpOrderNo: z.string().nullable(),
  contactId: ZId.nullable(),
  notes: z.string().nullable(),
  lineCount: z.number().int(),
  /** The quote's total: the lines after their discounts, less the quote discount (price-waterfall.ts). */
  totalCost: ZMoney,
  /** The quote discount in per cent, as shortest decimal text ('0'..'100'). */
  discountPercent: z.string(),
  poNumber: z.string().nullable(),
  quoteGenConfigId: z.string().nullable(),
  quoteGenHeaderId: z.string().nullable(),
  soWriteUpConfigId: z.string().nullable(),
  soWriteUpDocLink: z.string().nullable(),
  currentPrintedDocument: z.string().nullable(),
  swiftsellQuoteId: z.string().nullable(),
  isLocked: z.boolean(),
  rmaCreated: z.boolean(),
  sameAsBilling: z.boolean(),
  shippingAddressId: ZId.nullable(),
  shippingAddress: ZAddress.nullable(),
  billingAddress: ZAddress.nullable(),
  contact: ZQuoteContact.nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /**
   * A quote request's visitor: the e-mail address of whoever asked (the contact's once a registered user has taken
   * it); null on quotes and orders.
   */
  requestedBy: z.string().nullable(),
  /** The registered user who took a quote request (its owner now); null while it waits, and on quotes and orders. */
  takenBy: z.string().nullable(),
  lines: z.array(ZQuoteLine).optional(),
});
export type TQuote = z.infer<typeof ZQuote>;

/** The return-authorisation form (spec: reason, quantity, enableRmaDispositions). */
export const ZRmaForm = z.object({
  reason: z.string(),
  quantity: z.number().int(),
  enableRmaDispositions: z.boolean(),
});

/** One initial configurator parameter: Type 0 string, 1 number, 2 boolean. */
export const ZInitialParameter = z.object({
  Name: z.string(),
  SimpleValue: z.string().nullable(),
  IsNull: z.boolean(),
  Type: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type TInitialParameter = z.infer<typeof ZInitialParameter>;
