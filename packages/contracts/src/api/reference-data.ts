import { z } from 'zod';
import { ZEmail, ZFlag, ZId, ZInt, ZIsoDate, ZOk, ZPagedQuery, ZVersion } from '../common';
import { ZRoleLevel } from '../entities/accounts';
import { ZPriceInput, ZProduct, ZProductDescription, ZZip } from '../entities/reference';
import { PG_INT_MAX } from '../limits';
import { MSG, msgNoLargerThan } from '../messages';
import { US_STATE_ABBREVIATIONS } from '../reference/us-states';

/**
 * Requests and results of the reference-data routes: products and their configuration models, status types,
 * customers and addresses. Field names are the spec's wire names (ProductNumber, Address, Zip...).
 */

const ZRequiredText = (max: number) =>
  z.string({ error: MSG.fieldRequired }).trim().min(1, MSG.fieldRequired).max(max, msgAtMost(max));
export const ZOptionalText = (max: number) => z.string().trim().max(max, msgAtMost(max)).nullable().optional();

function msgAtMost(max: number): string {
  return `This field can be at most ${max} characters.`;
}

/** Level 9 may create a record in another platform; everyone else's records go to their own. */
const ZTargetPlatform = z.string().trim().min(1).max(64).optional();

// ---------------------------------------------------------------- products

/** A product as the API answers it: the spec's fields plus the configuration model it uses (configurable only). */
export const ZProductView = ZProduct.extend({ modelId: ZId.nullable() });
export type TProductView = z.infer<typeof ZProductView>;

/**
 * Uploaded images live under /uploads/ and the demo models' images under /models/images/; anything else must be an
 * absolute http(s) address.
 */
export const ZImageUrl = z
  .string()
  .trim()
  .max(2048)
  .regex(
    /^(\/(uploads|models\/images)\/[A-Za-z0-9._-]+|https?:\/\/\S+)$/,
    'Upload an image, or enter an address starting with https://.',
  );

const productFields = {
  Name: ZRequiredText(200),
  Description: ZProductDescription,
  ProductNumber: ZRequiredText(100),
  ApplicationInstance: ZOptionalText(200),
  ApplicationName: ZOptionalText(200),
  HeaderId: ZOptionalText(200),
  Profile: ZOptionalText(200),
  ImageUrl: ZImageUrl.nullable().optional(),
  Ruleset: ZOptionalText(200),
  Namespace: ZOptionalText(200),
  Server: ZOptionalText(500),
  isNonConfigurable: z.boolean(),
  defaultPrice: ZPriceInput.nullable().optional(),
  /** Unit cost, for margins: administrators only (the server refuses it from anyone else). */
  cost: ZPriceInput.nullable().optional(),
  isQuickConfig: z.boolean().optional(),
  showInCatalog: z.boolean().optional(),
  quantityInStock: ZInt.min(0, MSG.positiveNumber).nullable().optional(),
  /** The configuration model of a configurable product (from productManagement/saveModel or getModels). */
  modelId: ZId.nullable().optional(),
};

/**
 * A product to create. Save rules (spec section 4): a fixed-price product (`isNonConfigurable: true`) is saved
 * with `isQuickConfig` false; a configurable one with `quantityInStock` and `defaultPrice` null.
 */
export const ZProductInput = z.strictObject({
  ...productFields,
  Description: productFields.Description.default(''),
  pid: ZTargetPlatform,
});
export type TProductInput = z.infer<typeof ZProductInput>;
/**
 * The fields to change; the same save rules apply to the product as it is after the change. No defaults here: an
 * absent field stays as it is.
 */
export const ZProductPatch = z.strictObject(productFields).partial();
export type TProductPatch = z.infer<typeof ZProductPatch>;

/** getProducts: the paged query plus the spec's filter input. */
export const ZGetProductsRequest = ZPagedQuery.extend({
  showInCatalog: z.boolean().optional(),
  isQuickConfig: z.boolean().optional(),
  isNonConfigurable: z.boolean().optional(),
});
export const ZCreateProductRequest = z.strictObject({ input: ZProductInput });
export const ZUpdateProductRequest = z.strictObject({ id: ZId, version: ZVersion.optional(), input: ZProductPatch });

/**
 * A configuration model in the engine's JSON format. The server validates it with the engine; here it only has to
 * be a JSON object (size is capped by the request body limit).
 */
export const ZModelJson = z.record(z.string(), z.unknown());

/** One configuration model: a demo model shipped in models/*.json, or a version uploaded for a product. */
export const ZModelSummary = z.object({
  /** Database id of an uploaded version (what products reference as `modelId`); null for a demo file. */
  id: ZId.nullable(),
  source: z.enum(['demo', 'uploaded']),
  /** The model's own `id` field. */
  key: z.string(),
  name: z.string(),
  version: z.number().int(),
  productId: ZId.nullable(),
  /** The file name of a demo model. */
  fileName: z.string().nullable(),
  createdAt: ZIsoDate.nullable(),
  model: ZModelJson,
});
export type TModelSummary = z.infer<typeof ZModelSummary>;

export const ZGetModelsRequest = z.strictObject({});
export const ZGetModelsResult = z.object({ rows: z.array(ZModelSummary), count: z.number().int() });

/** Saves a model for a product as a new version and points the product at it; older versions stay for old lines. */
export const ZSaveModelRequest = z.strictObject({ productId: ZId, model: ZModelJson });
export const ZSaveModelResult = z.object({ product: ZProductView, model: ZModelSummary });

// ---------------------------------------------------------------- status types

const ZStatusRoleLevel = z
  .number({ error: MSG.fieldRequired })
  .int('Choose a whole number from zero through nine.')
  .min(0, MSG.statusLevelMin)
  .max(9, MSG.statusLevelMax);

const statusTypeFields = {
  name: ZRequiredText(100),
  roleLevel: ZStatusRoleLevel,
  visible: ZFlag,
  displayOrder: z
    .number({ error: MSG.fieldRequired })
    .max(PG_INT_MAX, msgNoLargerThan(PG_INT_MAX))
    .int('Enter a whole number.')
    .min(0, MSG.displayOrderMin),
};

export const ZStatusTypeInput = z.strictObject({
  ...statusTypeFields,
  visible: statusTypeFields.visible.default('1'),
  displayOrder: statusTypeFields.displayOrder.default(0),
  pid: ZTargetPlatform,
});
export type TStatusTypeInput = z.infer<typeof ZStatusTypeInput>;
export const ZStatusTypePatch = z.strictObject(statusTypeFields).partial();
export type TStatusTypePatch = z.infer<typeof ZStatusTypePatch>;

/** getStatusTypes: the platform's status types up to `roleLevel` (never above the caller's own level). */
export const ZGetStatusTypesRequest = ZPagedQuery.extend({ roleLevel: ZRoleLevel.optional() });
export const ZCreateStatusTypeRequest = z.strictObject({ input: ZStatusTypeInput });
export const ZUpdateStatusTypeRequest = z.strictObject({
  id: ZId,
  version: ZVersion.optional(),
  input: ZStatusTypePatch,
});

// ---------------------------------------------------------------- addresses

/** A two-letter abbreviation from the US list (states, DC and territories). */
export const ZUsStateInput = z.enum(US_STATE_ABBREVIATIONS, { error: 'Choose a state from the list.' });

/**
 * Zip as a form may send it: a string, or a number (a number loses its leading zeros, so they are put back). Left
 * empty, it is missing rather than malformed.
 */
export const ZZipInput = z.preprocess(
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value).padStart(5, '0') : value,
  z.string({ error: MSG.zipFormat }).min(1, MSG.fieldRequired).pipe(ZZip),
);

const addressFields = {
  Address: ZRequiredText(200),
  Address2: ZOptionalText(200),
  City: ZRequiredText(100),
  State: ZUsStateInput,
  Zip: ZZipInput,
};

export const ZAddressType = z.union([z.literal(1), z.literal(2)], {
  error: 'Address type is 1 (Billing) or 2 (Shipping).',
});

const standaloneAddressFields = {
  ...addressFields,
  AddressType: ZAddressType,
  customerId: ZId.nullable().optional(),
  /** Billing addresses only; ignored (saved false) on shipping addresses. */
  sameAsShipping: z.boolean().optional(),
};

export const ZAddressInput = z.strictObject({ ...standaloneAddressFields, pid: ZTargetPlatform });
export type TAddressInput = z.infer<typeof ZAddressInput>;
export const ZAddressPatch = z.strictObject(standaloneAddressFields).partial();
export type TAddressPatch = z.infer<typeof ZAddressPatch>;

export const ZGetAddressesRequest = ZPagedQuery;
export const ZCreateAddressRequest = z.strictObject({ input: ZAddressInput });
export const ZUpdateAddressRequest = z.strictObject({ id: ZId, version: ZVersion.optional(), input: ZAddressPatch });

/** A delete that the spec confirms with a message ('Successfully deleted Address with the ID of {id}'). */
export const ZDeleted = ZOk.extend({ id: ZId, message: z.string() });

// ---------------------------------------------------------------- customers

/** The billing address embedded in the customer form; saved as an address of type 1 of that customer. */
export const ZBillingAddressInput = z.strictObject({ ...addressFields, sameAsShipping: z.boolean().default(false) });
export type TBillingAddressInput = z.infer<typeof ZBillingAddressInput>;

/** Empty (or missing) stays empty text; anything typed must pass `schema`, with its message. */
const blankOr = <TOut extends string>(schema: z.ZodType<TOut>) =>
  z
    .preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      schema.optional(),
    )
    .transform((value): TOut | '' => value ?? '');

/**
 * A quote's own billing or shipping address as the Customer tab saves it on blur. Any field may still be empty, so
 * that a half-typed address is kept rather than dropped; what is typed follows the address rules (US state,
 * 'Incorrect format for Zip'). The address sent replaces the saved one whole; all fields empty removes it.
 */
const quoteAddressFields = {
  Address: blankOr(ZRequiredText(200)),
  Address2: ZOptionalText(200),
  City: blankOr(ZRequiredText(100)),
  State: blankOr(ZUsStateInput),
  Zip: blankOr(ZZipInput),
};
export const ZQuoteAddressInput = z.strictObject(quoteAddressFields);
export type TQuoteAddressInput = z.infer<typeof ZQuoteAddressInput>;
export const ZQuoteBillingAddressInput = z.strictObject({
  ...quoteAddressFields,
  sameAsShipping: z.boolean().default(false),
});
export type TQuoteBillingAddressInput = z.infer<typeof ZQuoteBillingAddressInput>;
/** The fields a whole address needs (the Customer tab says which are still missing). */
export const REQUIRED_ADDRESS_FIELDS = ['Address', 'City', 'State', 'Zip'] as const;

/** An optional e-mail: empty means none; anything else must be valid ('Invalid email address.'). */
const ZOptionalEmail = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string({ error: MSG.invalidEmail }).pipe(ZEmail).nullable().optional(),
);

const customerFields = {
  firstName: ZOptionalText(100),
  lastName: ZOptionalText(100),
  email: ZOptionalEmail,
  phone: ZOptionalText(40),
  altPhone: ZOptionalText(40),
  companyName: ZOptionalText(200),
  erpId: z.string({ error: MSG.erpIdRequired }).trim().min(1, MSG.erpIdRequired).max(100, msgAtMost(100)),
  isDealer: z.boolean().optional(),
  /** The price list that prices this customer's quotes (null: list prices). */
  priceListId: ZId.nullable().optional(),
  billingAddress: ZBillingAddressInput.nullable().optional(),
};

export const ZCustomerInput = z.strictObject({ ...customerFields, pid: ZTargetPlatform });
export type TCustomerInput = z.infer<typeof ZCustomerInput>;
export const ZCustomerPatch = z.strictObject(customerFields).partial();
export type TCustomerPatch = z.infer<typeof ZCustomerPatch>;

export const ZGetCustomersRequest = ZPagedQuery;
export const ZCreateCustomerRequest = z.strictObject({ input: ZCustomerInput });
export const ZUpdateCustomerRequest = z.strictObject({ id: ZId, version: ZVersion.optional(), input: ZCustomerPatch });

// ---------------------------------------------------------------- uploads (POST /api/uploadfile, multipart)

/** Largest image POST /api/uploadfile accepts (5 MiB). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** Image kinds accepted, recognised by their content (never by file name or declared type). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** What POST /api/uploadfile answers inside the success envelope: where the image is served. */
export const ZUploadResult = z.object({ path: z.string().regex(/^\/uploads\/[A-Za-z0-9._-]+$/) });
export type TUploadResult = z.infer<typeof ZUploadResult>;
