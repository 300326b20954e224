import { type TQuote, type TQuotePatch, ZQuotePatch } from '@cpq/contracts';
import { z } from 'zod';

/**
 * The Details tab: Project Name and Notes with the request's rules (optional strings), and the Status as the select
 * holds it ('' for none, else the status type's id as text).
 */
export const ZDetailsForm = ZQuotePatch.pick({ name: true, notes: true }).extend({
  statusTypeId: z.string().regex(/^\d*$/),
});
export type TDetailsForm = z.input<typeof ZDetailsForm>;
export type TDetailsFormOutput = z.output<typeof ZDetailsForm>;

export const detailsFormDefaults = (quote: Pick<TQuote, 'name' | 'notes' | 'statusTypeId'>): TDetailsForm => ({
  name: quote.name ?? '',
  notes: quote.notes ?? '',
  statusTypeId: quote.statusTypeId === null ? '' : String(quote.statusTypeId),
});

/** The updateQuote input: empty text clears the field (null), an empty status clears the status. */
export const toDetailsPatch = (values: TDetailsFormOutput): TQuotePatch => ({
  name: values.name || null,
  notes: values.notes || null,
  statusTypeId: values.statusTypeId === '' ? null : Number(values.statusTypeId),
});
