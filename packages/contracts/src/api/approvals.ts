import { z } from 'zod';
import { APPROVAL_MSG } from '../approval-messages';
import { ZId, ZOk, ZPagedQuery, ZVersion } from '../common';
import { ZApprovalMetric, ZApprovalOperator } from '../entities/approvals';
import { MAX_ROLE_LEVEL } from '../enums';
import { MSG } from '../messages';

const THRESHOLD = /^\d{1,15}(\.\d{1,2})?$/;

const ruleFields = {
  name: z.string({ error: MSG.fieldRequired }).trim().min(1, MSG.fieldRequired).max(100),
  step: z.number().int().min(1).max(99),
  metric: ZApprovalMetric,
  operator: ZApprovalOperator,
  threshold: z.string().trim().max(24).regex(THRESHOLD, APPROVAL_MSG.thresholdFormat).nullable(),
  productId: ZId.nullable(),
  approverLevel: z.number().int().min(1).max(MAX_ROLE_LEVEL).nullable(),
  approverUserIds: z.array(ZId).max(20),
};

type TRuleShape = {
  metric?: string;
  threshold?: string | null;
  productId?: number | null;
  approverLevel?: number | null;
  approverUserIds?: number[];
};

/**
 * Whether a rule, as it will be stored, is whole: a product rule names its product, any other compares with a
 * threshold, and every rule says who approves. Answers the issues by field, as the form and the server show them.
 */
export function approvalRuleIssues(rule: TRuleShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (rule.metric === 'product' && rule.productId == null) {
    issues.push({ path: 'productId', message: APPROVAL_MSG.productRequired });
  }
  if (rule.metric !== undefined && rule.metric !== 'product' && rule.threshold == null) {
    issues.push({ path: 'threshold', message: APPROVAL_MSG.thresholdRequired });
  }
  if (rule.approverLevel == null && (rule.approverUserIds?.length ?? 0) === 0) {
    issues.push({ path: 'approverLevel', message: APPROVAL_MSG.approverRequired });
  }
  return issues;
}

const completeRule = (rule: TRuleShape, ctx: z.RefinementCtx) => {
  for (const issue of approvalRuleIssues(rule))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** Level 9 may create a rule in another platform; everyone else's go to their own. */
const ZTargetPlatform = z.string().trim().min(1).max(64).optional();

export const ZApprovalRuleInput = z
  .strictObject({
    ...ruleFields,
    step: ruleFields.step.default(1),
    operator: ruleFields.operator.default('gt'),
    threshold: ruleFields.threshold.default(null),
    productId: ruleFields.productId.default(null),
    approverLevel: ruleFields.approverLevel.default(null),
    approverUserIds: ruleFields.approverUserIds.default([]),
    pid: ZTargetPlatform,
  })
  .superRefine(completeRule);
export type TApprovalRuleInput = z.infer<typeof ZApprovalRuleInput>;

/** The fields to change; the rule as changed must still be whole (checked by the server against the stored rule). */
export const ZApprovalRulePatch = z.strictObject(ruleFields).partial();
export type TApprovalRulePatch = z.infer<typeof ZApprovalRulePatch>;

export const ZGetApprovalRulesRequest = ZPagedQuery;
export const ZCreateApprovalRuleRequest = z.strictObject({ input: ZApprovalRuleInput });
export const ZUpdateApprovalRuleRequest = z.strictObject({ id: ZId, version: ZVersion, input: ZApprovalRulePatch });
export const ZDeleteApprovalRuleRequest = z.strictObject({ id: ZId });
export const ZApprovalRuleDeleted = ZOk.extend({ id: ZId, message: z.string() });

export const ZGetQuoteApprovalRequest = z.strictObject({ id: ZId });
export const ZSubmitForApprovalRequest = z.strictObject({ id: ZId, version: ZVersion });
const ZComment = z.string().trim().max(2000);
/**
 * The step the approver decides, as their screen shows it waiting: another approver's decision meanwhile moves the
 * waiting step without changing the quote, so a stale screen answers 409 rather than deciding the next step.
 */
const ZDecidedStep = ruleFields.step.optional();
export const ZApproveQuoteRequest = z.strictObject({
  id: ZId,
  version: ZVersion,
  step: ZDecidedStep,
  comment: ZComment.optional(),
});
export const ZRejectQuoteRequest = z.strictObject({
  id: ZId,
  version: ZVersion,
  step: ZDecidedStep,
  comment: ZComment.min(1, APPROVAL_MSG.commentRequired),
});
export const ZGetApprovalsWaitingRequest = z.strictObject({
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
export const ZGetMyApprovalsRequest = z.strictObject({});
