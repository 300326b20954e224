import {
  DEFAULT_CURRENCY,
  PRICE_LIST_MSG,
  type TCurrency,
  type TPriceEntryKind,
  type TPriceList,
  type TPriceListInput,
  ZPriceListInput,
} from '@cpq/contracts';
import { z } from 'zod';

/** One row of the entries table: a product's tier as typed. */
const ZEntryForm = z.object({
  productId: z.number().nullable(),
  /** 'Part # · Name', shown while the row's product is not among the picker's options. */
  productLabel: z.string(),
  /** The priced value the row prices ('option' and 'value' of the product's model); '' prices the whole product. */
  optionId: z.string(),
  valueId: z.string(),
  fromQuantity: z.string(),
  kind: z.enum(['price', 'percent']),
  value: z.string(),
});
export type TEntryForm = z.infer<typeof ZEntryForm>;

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The request input of the form's values. */
export function toPriceListInput(values: TPriceListForm): TPriceListInput {
  return {
    name: values.name,
    currency: values.currency as TCurrency,
    validFrom: orNull(values.validFrom),
    validTo: orNull(values.validTo),
    entries: values.entries.map((entry) => ({
      productId: entry.productId ?? 0,
      optionId: orNull(entry.optionId),
      valueId: orNull(entry.valueId),
      fromQuantity: entry.fromQuantity.trim() === '' ? Number.NaN : Number(entry.fromQuantity),
      kind: entry.kind,
      value: entry.value,
    })),
  };
}

/**
 * The price list form: its values checked by the request's own schema (the server's messages), each issue put on
 * the field it names; a row without a product says so.
 */
export const ZPriceListForm = z
  .object({
    name: z.string(),
    currency: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
    entries: z.array(ZEntryForm),
  })
  .superRefine((values, ctx) => {
    values.entries.forEach((entry, index) => {
      if (entry.productId === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index, 'productId'],
          message: PRICE_LIST_MSG.productNotFound,
        });
      }
    });
    const result = ZPriceListInput.safeParse(toPriceListInput(values));
    for (const issue of result.success ? [] : result.error.issues) {
      if (issue.path[0] === 'entries' && issue.path[2] === 'productId') continue;
      ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
    }
  });
export type TPriceListForm = z.infer<typeof ZPriceListForm>;

export const newEntry = (kind: TPriceEntryKind = 'price'): TEntryForm => ({
  productId: null,
  productLabel: '',
  optionId: '',
  valueId: '',
  fromQuantity: '1',
  kind,
  value: '',
});

/** A stored amount as typed: '90.0000' -> '90', '85.5000' -> '85.5'. */
const typedAmount = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export const priceListFormDefaults = (list?: TPriceList | null): TPriceListForm => ({
  name: list?.name ?? '',
  currency: list?.currency ?? DEFAULT_CURRENCY,
  validFrom: list?.validFrom ?? '',
  validTo: list?.validTo ?? '',
  entries: (list?.entries ?? []).map((entry) => ({
    productId: entry.productId,
    productLabel: `${entry.productNumber} · ${entry.productName}`,
    optionId: entry.optionId ?? '',
    valueId: entry.valueId ?? '',
    fromQuantity: String(entry.fromQuantity),
    kind: entry.kind,
    value: typedAmount(entry.value),
  })),
});
