import { z } from 'zod';
import { ZEmail, ZFlag, ZId, ZIsoDate, ZVersion } from '../common';
import { DESCRIPTION_MAX_LENGTH } from '../limits';
import { MSG } from '../messages';
import { isMoneyInRange, isMoneyText } from '../money';
import { US_STATE_ABBREVIATIONS } from '../reference/us-states';
import { ZRoleLevel } from './accounts';

/** Money as the API carries it: a decimal string with up to 4 places (PostgreSQL numeric(19,4)). */
export const ZMoney = z.string().regex(/^-?\d{1,15}(\.\d{1,4})?$/, MSG.amountFormat);

/**
 * A price a user enters (a product's default price): up to 4 decimals, not negative, and at most MONEY_MAX once
 * held to cents, as every line price is; anything else is refused before it is stored.
 */
export const ZPriceInput = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, MSG.amountFormat)
  // After a failed format check zod still runs this: only an amount is measured.
  .refine((text) => !isMoneyText(text) || isMoneyInRange(text), MSG.amountTooLarge);

/** Strips newlines from a product description (spec: "newlines stripped"), then caps its length. */
export const ZProductDescription = z
  .string()
  .transform((value) => value.replace(/[\r\n]+/g, ' ').trim())
  .pipe(z.string().max(DESCRIPTION_MAX_LENGTH, MSG.descriptionTooLong));

export const ZProduct = z.object({
  version: ZVersion,
  ID: ZId,
  Name: z.string(),
  Description: z.string(),
  ProductNumber: z.string(),
  ApplicationInstance: z.string().nullable(),
  ApplicationName: z.string().nullable(),
  HeaderId: z.string().nullable(),
  Profile: z.string().nullable(),
  ImageUrl: z.string().nullable(),
  Ruleset: z.string().nullable(),
  Namespace: z.string().nullable(),
  Server: z.string().nullable(),
  isNonConfigurable: z.boolean(),
  defaultPrice: ZMoney.nullable(),
  /** Unit cost (null when none is set); absent for callers who may not see cost and margin. */
  cost: ZMoney.nullable().optional(),
  isQuickConfig: z.boolean(),
  showInCatalog: z.boolean(),
  quantityInStock: z.number().int().nullable(),
  createdByEmail: z.string().nullable(),
  pid: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZStatusType = z.object({
  version: ZVersion,
  id: ZId,
  name: z.string(),
  roleLevel: ZRoleLevel,
  visible: ZFlag,
  displayOrder: z.number().int().min(0),
  pid: z.string(),
});
export type TStatusType = z.infer<typeof ZStatusType>;

/**
 * The spec's rule: a zip is a number ('Incorrect format for Zip'), five digits as US mail writes it; a ZIP+4 suffix
 * is refused rather than kept, since the CRM and ERP take the five digits only.
 */
export const ZZip = z
  .string()
  .trim()
  .regex(/^\d{5}$/, MSG.zipFormat);
export const ZUsState = z.enum(US_STATE_ABBREVIATIONS);

export const ZAddress = z.object({
  version: ZVersion,
  id: ZId,
  Address: z.string(),
  Address2: z.string().nullable(),
  City: z.string(),
  /** Empty on a quote's own address saved while still half typed. */
  State: z.union([ZUsState, z.literal('')]),
  Zip: z.string(),
  Country: z.string(),
  CountryCode: z.string(),
  AddressType: z.union([z.literal(1), z.literal(2)]),
  customerId: ZId.nullable(),
  sameAsShipping: z.boolean(),
  pid: z.string(),
});
export type TAddress = z.infer<typeof ZAddress>;

export const ZCustomer = z.object({
  version: ZVersion,
  id: ZId,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: ZEmail.nullable(),
  phone: z.string().nullable(),
  altPhone: z.string().nullable(),
  companyName: z.string().nullable(),
  erpId: z.string(),
  /** Dealer pricing: the server prices configurations on this customer's quotes as a dealer's. */
  isDealer: z.boolean(),
  /** The price list that prices this customer's quotes when valid; null: list prices. */
  priceListId: ZId.nullable(),
  pid: z.string(),
  billingAddress: ZAddress.nullable(),
  createdAt: ZIsoDate,
});
export type TCustomer = z.infer<typeof ZCustomer>;
