import { z } from 'zod';
import { ZId, ZOk, ZPagedQuery, ZVersion } from '../common';
import { ZPricedValue, ZPriceEntryKind, ZPriceListCurrency } from '../entities/price-lists';
import { ZPriceInput } from '../entities/reference';
import { MSG, PRICE_LIST_MSG } from '../messages';
import { ZLineQuantity } from './quotes';

/** The most entries (product tiers) one price list holds. */
export const MAX_PRICE_LIST_ENTRIES = 2000;

const PERCENT = /^\d{1,4}(\.\d{1,2})?$/;
const isPercent = (text: string) => PERCENT.test(text) && Number(text) > 0 && Number(text) <= 1000;

/** One tier as the form sends it; its value is checked by its kind (a price, or a percentage of list). */
export const ZPriceListEntryInput = z
  .strictObject({
    productId: ZId,
    /** With `valueId`: the priced value of the product's model this entry prices (both or neither). */
    optionId: z.string().trim().min(1).max(100).nullable().default(null),
    valueId: z.string().trim().min(1).max(100).nullable().default(null),
    fromQuantity: ZLineQuantity.default(1),
    kind: ZPriceEntryKind,
    value: z.string({ error: MSG.fieldRequired }).trim().min(1, MSG.fieldRequired).max(24),
  })
  .superRefine((entry, ctx) => {
    if ((entry.optionId === null) !== (entry.valueId === null)) {
      ctx.addIssue({ code: 'custom', path: ['valueId'], message: PRICE_LIST_MSG.valueNotPriced });
    }
    if (entry.kind === 'percent' && !isPercent(entry.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: PRICE_LIST_MSG.percentFormat });
    }
    if (entry.kind === 'price') {
      const parsed = ZPriceInput.safeParse(entry.value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: parsed.error.issues[0]?.message ?? MSG.amountFormat });
      }
    }
  });
export type TPriceListEntryInput = z.infer<typeof ZPriceListEntryInput>;

/** Entries of one list: the tiers of each product (or priced value) start at distinct quantities. */
const ZEntries = z
  .array(ZPriceListEntryInput)
  .max(MAX_PRICE_LIST_ENTRIES)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const key = JSON.stringify([entry.productId, entry.optionId, entry.valueId, entry.fromQuantity]);
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', path: [index, 'fromQuantity'], message: PRICE_LIST_MSG.duplicateTier });
      }
      seen.add(key);
    });
  });

const ZDay = z.iso.date('Enter a date as YYYY-MM-DD.');

const priceListFields = {
  name: z.string({ error: MSG.fieldRequired }).trim().min(1, MSG.fieldRequired).max(100),
  currency: ZPriceListCurrency,
  validFrom: ZDay.nullable(),
  validTo: ZDay.nullable(),
  entries: ZEntries,
};

/** Whether a validity period ends on or after it starts (either end may be open). */
export const isValidityOrdered = (from: string | null | undefined, to: string | null | undefined): boolean =>
  !from || !to || from <= to;

const orderedValidity = <T extends { validFrom?: string | null; validTo?: string | null }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (!isValidityOrdered(value.validFrom, value.validTo)) {
    ctx.addIssue({ code: 'custom', path: ['validTo'], message: PRICE_LIST_MSG.validToBeforeFrom });
  }
};

/** Level 9 may create a price list in another platform; everyone else's go to their own. */
const ZTargetPlatform = z.string().trim().min(1).max(64).optional();

export const ZPriceListInput = z
  .strictObject({
    ...priceListFields,
    currency: priceListFields.currency.default('USD'),
    validFrom: priceListFields.validFrom.default(null),
    validTo: priceListFields.validTo.default(null),
    entries: priceListFields.entries.default([]),
    pid: ZTargetPlatform,
  })
  .superRefine(orderedValidity);
export type TPriceListInput = z.infer<typeof ZPriceListInput>;

/** The fields to change; `entries`, when given, replaces the list's entries whole. */
export const ZPriceListPatch = z.strictObject(priceListFields).partial().superRefine(orderedValidity);
export type TPriceListPatch = z.infer<typeof ZPriceListPatch>;

export const ZGetPriceListsRequest = ZPagedQuery;
export const ZCreatePriceListRequest = z.strictObject({ input: ZPriceListInput });
export const ZUpdatePriceListRequest = z.strictObject({ id: ZId, version: ZVersion, input: ZPriceListPatch });
export const ZDeletePriceListRequest = z.strictObject({ id: ZId });
export const ZPriceListDeleted = ZOk.extend({ id: ZId, message: z.string() });

/** The priced values of a configurable product's current model, for a price list entry to name one. */
export const ZGetPricedValuesRequest = z.strictObject({ productId: ZId });
export const ZGetPricedValuesResult = z.object({ rows: z.array(ZPricedValue) });
