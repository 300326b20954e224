import { MSG, type TStatusType, type TStatusTypeInput, ZStatusTypeInput } from '@cpq/contracts';
import { z } from 'zod';

/** A number field's text as a number for the request's rule; empty is 'This field is required.'. */
const numberText = (rule: z.ZodType<number, number>) =>
  z
    .string()
    .trim()
    .min(1, MSG.fieldRequired)
    .transform((text) => Number(text))
    .pipe(rule);

const { shape } = ZStatusTypeInput;

/** The status type form, with the spec's messages for role level (0 to 9) and display order (0 or more). */
export const ZStatusTypeForm = z.object({
  name: shape.name,
  roleLevel: numberText(shape.roleLevel),
  visible: z.boolean(),
  displayOrder: numberText(shape.displayOrder.unwrap()),
});
export type TStatusTypeForm = z.input<typeof ZStatusTypeForm>;
export type TStatusTypeFormOutput = z.output<typeof ZStatusTypeForm>;

export const statusTypeFormDefaults = (statusType?: TStatusType | null): TStatusTypeForm => ({
  name: statusType?.name ?? '',
  roleLevel: statusType ? String(statusType.roleLevel) : '',
  visible: statusType ? statusType.visible === '1' : true,
  displayOrder: statusType ? String(statusType.displayOrder) : '0',
});

/** The request input: visible travels as '1' or '0'. */
export const toStatusTypeInput = (values: TStatusTypeFormOutput): TStatusTypeInput => ({
  name: values.name,
  roleLevel: values.roleLevel,
  visible: values.visible ? '1' : '0',
  displayOrder: values.displayOrder,
});
