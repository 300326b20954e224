import {
  DESCRIPTION_MAX_LENGTH,
  MSG,
  type TProductInput,
  type TProductView,
  ZPriceInput,
  ZProductInput,
} from '@cpq/contracts';
import { z } from 'zod';

const { shape } = ZProductInput;

/** Newlines are not kept in a description (spec): they are turned into spaces as the user types or pastes. */
export const stripNewlines = (text: string): string => text.replace(/[\r\n]+/g, ' ');

const optionalText = z.string().trim().max(500);

/** An amount as typed, without the dollar sign, thousands commas and spaces people type with it. */
const plainAmount = (text: string): string => text.replace(/[$,\s]/g, '');

/** Flags `field` when it holds something other than an amount (empty is fine). */
function checkAmount(ctx: z.RefinementCtx, field: 'cost' | 'defaultPrice', text: string) {
  const amount = plainAmount(text);
  const result = ZPriceInput.safeParse(amount);
  if (amount !== '' && !result.success) {
    ctx.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]?.message ?? MSG.amountFormat });
  }
}

/**
 * The product form. Text fields stay strings while editing; the price and stock fields are checked only for a
 * fixed-price product, since a configurable one saves them as null.
 */
export const ZProductForm = z
  .object({
    Name: shape.Name,
    ProductNumber: shape.ProductNumber,
    Description: z.string().max(DESCRIPTION_MAX_LENGTH, MSG.descriptionTooLong),
    ImageUrl: z.string(),
    isNonConfigurable: z.boolean(),
    quantityInStock: z.string().trim(),
    defaultPrice: z.string().trim(),
    /** Unit cost, for margins (any kind of product); administrators only see and send it. */
    cost: z.string().trim(),
    Ruleset: optionalText,
    Server: optionalText,
    ApplicationInstance: optionalText,
    ApplicationName: optionalText,
    HeaderId: optionalText,
    Namespace: optionalText,
    Profile: optionalText,
    isQuickConfig: z.boolean(),
    showInCatalog: z.boolean(),
  })
  .superRefine((values, ctx) => {
    checkAmount(ctx, 'cost', values.cost);
    if (!values.isNonConfigurable) return;
    const stock = values.quantityInStock;
    if (stock !== '' && !/^\d+$/.test(stock)) {
      ctx.addIssue({ code: 'custom', path: ['quantityInStock'], message: MSG.positiveNumber });
    } else if (stock !== '') {
      // Digits only, so what is left to check is the request's own range (the stock column's).
      const checked = shape.quantityInStock.safeParse(Number(stock));
      const message = checked.success ? undefined : checked.error.issues[0]?.message;
      if (message) ctx.addIssue({ code: 'custom', path: ['quantityInStock'], message });
    }
    checkAmount(ctx, 'defaultPrice', values.defaultPrice);
  });
export type TProductForm = z.input<typeof ZProductForm>;
export type TProductFormOutput = z.output<typeof ZProductForm>;

/** '54.0000' (numeric(19,4)) as '54.00'; places beyond the cents stay only when they are not zeros. */
export function moneyText(amount: string | null | undefined): string {
  if (!amount) return '';
  const [whole, fraction = ''] = amount.split('.');
  const cents = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${cents}`;
}

export const productFormDefaults = (product?: TProductView | null): TProductForm => ({
  Name: product?.Name ?? '',
  ProductNumber: product?.ProductNumber ?? '',
  Description: product?.Description ?? '',
  ImageUrl: product?.ImageUrl ?? '',
  isNonConfigurable: product?.isNonConfigurable ?? false,
  quantityInStock: product?.quantityInStock === null || !product ? '' : String(product.quantityInStock),
  defaultPrice: moneyText(product?.defaultPrice),
  cost: moneyText(product?.cost),
  Ruleset: product?.Ruleset ?? '',
  Server: product?.Server ?? '',
  ApplicationInstance: product?.ApplicationInstance ?? '',
  ApplicationName: product?.ApplicationName ?? '',
  HeaderId: product?.HeaderId ?? '',
  Namespace: product?.Namespace ?? '',
  Profile: product?.Profile ?? '',
  isQuickConfig: product?.isQuickConfig ?? false,
  showInCatalog: product?.showInCatalog ?? true,
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The request input, with the save rules of spec section 4: a fixed-price product is saved with isQuickConfig
 * false; a configurable one with quantityInStock and defaultPrice null.
 */
export function toProductInput(values: TProductFormOutput, modelId?: number | null): TProductInput {
  const isFixed = values.isNonConfigurable;
  const price = plainAmount(values.defaultPrice);
  const input: TProductInput = {
    Name: values.Name,
    ProductNumber: values.ProductNumber,
    Description: stripNewlines(values.Description).trim(),
    ImageUrl: orNull(values.ImageUrl),
    isNonConfigurable: isFixed,
    quantityInStock: isFixed && values.quantityInStock !== '' ? Number(values.quantityInStock) : null,
    defaultPrice: isFixed && price !== '' ? price : null,
    cost: orNull(plainAmount(values.cost)),
    Ruleset: orNull(values.Ruleset),
    Server: orNull(values.Server),
    ApplicationInstance: orNull(values.ApplicationInstance),
    ApplicationName: orNull(values.ApplicationName),
    HeaderId: orNull(values.HeaderId),
    Namespace: orNull(values.Namespace),
    Profile: orNull(values.Profile),
    isQuickConfig: isFixed ? false : values.isQuickConfig,
    showInCatalog: values.showInCatalog,
  };
  if (modelId !== undefined) input.modelId = modelId;
  return input;
}
