import { msgQuantityNoGreaterThan, ZRmaLineRequest } from '@cpq/contracts';
import { z } from 'zod';

const { quantity } = ZRmaLineRequest.shape;

/**
 * The Create RMA form (spec section 5): the request's reason and dispositions, and the quantity as typed (text) read
 * as the request's whole number from 1 up to the line's quantity ('Quantity can be no greater than {n}').
 */
export const rmaFormSchema = (lineQuantity: number) =>
  ZRmaLineRequest.pick({ reason: true, enableRmaDispositions: true }).extend({
    quantity: z.preprocess(
      (typed) => (typeof typed === 'string' && typed.trim() !== '' ? Number(typed) : undefined),
      quantity.max(lineQuantity, msgQuantityNoGreaterThan(lineQuantity)),
    ),
  });

export type TRmaForm = z.input<ReturnType<typeof rmaFormSchema>>;
export type TRmaFormOutput = z.output<ReturnType<typeof rmaFormSchema>>;

/** The form's fields; a server error whose path ends in one of them shows under it. */
export const RMA_FORM_FIELDS = ['reason', 'quantity', 'enableRmaDispositions'] as const;
export type TRmaFormField = (typeof RMA_FORM_FIELDS)[number];

export const rmaFormDefaults = (): TRmaForm => ({ reason: '', quantity: '1', enableRmaDispositions: false });

/** The form field a server error detail names (`data.lines.0.quantity` -> quantity), or null. */
export function rmaFieldOf(path: string): TRmaFormField | null {
  const last = path.split('.').at(-1);
  return RMA_FORM_FIELDS.find((field) => field === last) ?? null;
}
