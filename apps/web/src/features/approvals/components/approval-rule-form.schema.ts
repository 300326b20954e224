import {
  type TApprovalRule,
  type TApprovalRuleInput,
  ZApprovalMetric,
  ZApprovalOperator,
  ZApprovalRuleInput,
} from '@cpq/contracts';
import { z } from 'zod';

/** The rule form's values as typed. `approverLevel` '' means named users only. */
export const ZApprovalRuleForm = z
  .object({
    name: z.string(),
    step: z.string(),
    metric: ZApprovalMetric,
    operator: ZApprovalOperator,
    threshold: z.string(),
    productId: z.number().nullable(),
    productLabel: z.string(),
    approverLevel: z.string(),
    approverUserIds: z.array(z.number()),
  })
  .superRefine((values, ctx) => {
    const result = ZApprovalRuleInput.safeParse(toApprovalRuleInput(values));
    for (const issue of result.success ? [] : result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path as (string | number)[], message: issue.message });
    }
  });
export type TApprovalRuleForm = z.infer<typeof ZApprovalRuleForm>;

const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The request input of the form's values; a product rule sends no threshold, others no product. */
export function toApprovalRuleInput(values: TApprovalRuleForm): TApprovalRuleInput {
  const isProduct = values.metric === 'product';
  return {
    name: values.name,
    step: typedNumber(values.step),
    metric: values.metric,
    operator: values.operator,
    threshold: isProduct ? null : values.threshold.trim() === '' ? null : values.threshold.trim(),
    productId: isProduct ? values.productId : null,
    approverLevel: values.approverLevel === '' ? null : Number(values.approverLevel),
    approverUserIds: values.approverUserIds,
  };
}

/** A stored number as typed: '15.0000' -> '15', '10000.5000' -> '10000.5'. */
const typedAmount = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

export const approvalRuleFormDefaults = (rule?: TApprovalRule | null): TApprovalRuleForm => ({
  name: rule?.name ?? '',
  step: String(rule?.step ?? 1),
  metric: rule?.metric ?? 'lineDiscount',
  operator: rule?.operator ?? 'gt',
  threshold: rule?.threshold ? typedAmount(rule.threshold) : '',
  productId: rule?.productId ?? null,
  productLabel: rule?.productName ?? '',
  approverLevel: rule ? (rule.approverLevel === null ? '' : String(rule.approverLevel)) : '5',
  approverUserIds: rule?.approverUserIds ?? [],
});
