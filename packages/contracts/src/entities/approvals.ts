import { z } from 'zod';
import { APPROVAL_METRICS, APPROVAL_OPERATORS, APPROVAL_STATES } from '../approval-labels';
import { ZId, ZIsoDate, ZVersion } from '../common';

export const ZApprovalMetric = z.enum(APPROVAL_METRICS);
export type TApprovalMetric = z.infer<typeof ZApprovalMetric>;
export const ZApprovalOperator = z.enum(APPROVAL_OPERATORS);
export type TApprovalOperator = z.infer<typeof ZApprovalOperator>;

export const ZApprovalRule = z.object({
  version: ZVersion,
  id: ZId,
  pid: z.string(),
  name: z.string(),
  /** Rules chain by step: step 1 is approved first, then step 2, and so on; rules of one step are one approval. */
  step: z.number().int(),
  metric: ZApprovalMetric,
  operator: ZApprovalOperator,
  /** A percentage or an amount as decimal text; null for a product rule. */
  threshold: z.string().nullable(),
  productId: ZId.nullable(),
  productName: z.string().nullable(),
  /** The lowest role level that approves; null when only named users (and their stand-ins) do. */
  approverLevel: z.number().int().nullable(),
  approverUserIds: z.array(ZId),
  approverUsernames: z.array(z.string()),
  createdAt: ZIsoDate,
});
export type TApprovalRule = z.infer<typeof ZApprovalRule>;

export const ZApprovalState = z.enum(APPROVAL_STATES);
export type TApprovalState = z.infer<typeof ZApprovalState>;

/** One decision on a step: who, when, and what they said. */
export const ZApprovalAction = z.object({
  step: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  username: z.string(),
  at: ZIsoDate,
  comment: z.string().nullable(),
});
export type TApprovalAction = z.infer<typeof ZApprovalAction>;

/** A step of a quote's approval as the Approval panel shows it. */
export const ZApprovalStepView = z.object({
  step: z.number().int(),
  name: z.string(),
  /** The rules of the step the quote meets, in words ('Director: line discount % above 30'). */
  rules: z.array(z.string()),
  /** Who approves, in words ('role level 5 or higher', 'jane@example.com or level 5 and up'). */
  approvers: z.string(),
  status: z.enum(['waiting', 'pending', 'approved', 'rejected']),
  actions: z.array(ZApprovalAction),
  /** The smallest change to the quote that would make the step unnecessary. */
  hint: z.string().nullable(),
});
export type TApprovalStepView = z.infer<typeof ZApprovalStepView>;

/** A quote's approval: its state, the steps it needs (with their decisions), and what to change to need none. */
export const ZQuoteApproval = z.object({
  quoteId: ZId,
  state: ZApprovalState,
  steps: z.array(ZApprovalStepView),
  submittedBy: z.string().nullable(),
  submittedAt: ZIsoDate.nullable(),
  /** Why the last approval or request was withdrawn, while the quote has not been submitted again. */
  withdrawnMessage: z.string().nullable(),
  /** Whether the caller may approve or reject the current step now. */
  canDecide: z.boolean(),
  /** Whether the quote's platform has approval rules: a quote that needs none was checked against them. */
  hasRules: z.boolean(),
});
export type TQuoteApproval = z.infer<typeof ZQuoteApproval>;

/** A quote waiting for the caller's approval, for the 'Waiting for my approval' list. */
export const ZApprovalWaiting = z.object({
  quoteId: ZId,
  quoteName: z.string().nullable(),
  owner: z.string(),
  total: z.string(),
  step: z.number().int(),
  stepName: z.string(),
  submittedAt: ZIsoDate,
});
export type TApprovalWaiting = z.infer<typeof ZApprovalWaiting>;

/** Whether the caller approves anything on their platform, and how many quotes wait for them: the header's link. */
export const ZMyApprovals = z.object({ isApprover: z.boolean(), waiting: z.number().int().min(0) });
export type TMyApprovals = z.infer<typeof ZMyApprovals>;
