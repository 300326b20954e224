import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createApprovalRule, deleteApprovalRule, getApprovalRules, updateApprovalRule } from './approval-rules.service';
import {
  decideQuote,
  getApprovalsWaiting,
  getMyApprovals,
  getQuoteApproval,
  submitForApproval,
} from './approvals.service';

type TApprovalPaths =
  | 'approvalManagement/getApprovalRules'
  | 'approvalManagement/createApprovalRule'
  | 'approvalManagement/updateApprovalRule'
  | 'approvalManagement/deleteApprovalRule'
  | 'quoteManagement/getQuoteApproval'
  | 'quoteManagement/submitForApproval'
  | 'quoteManagement/approveQuote'
  | 'quoteManagement/rejectQuote'
  | 'quoteManagement/getApprovalsWaiting'
  | 'quoteManagement/getMyApprovals';

/** Approval rules (administrators) and the approval of quotes (owners submit, approvers decide). */
export function createApprovalHandlers(deps: TAppDeps): THandlers<TApprovalPaths> {
  const rules = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  const flow = (ctx: TRequestContext) => ({ deps, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'approvalManagement/getApprovalRules': (body, ctx) => getApprovalRules(rules(ctx), body),
    'approvalManagement/createApprovalRule': (body, ctx) => createApprovalRule(rules(ctx), body.input),
    'approvalManagement/updateApprovalRule': (body, ctx) =>
      updateApprovalRule(rules(ctx), body.id, body.input, body.version),
    'approvalManagement/deleteApprovalRule': (body, ctx) => deleteApprovalRule(rules(ctx), body.id),
    'quoteManagement/getQuoteApproval': (body, ctx) => getQuoteApproval(flow(ctx), body.id),
    'quoteManagement/submitForApproval': (body, ctx) => submitForApproval(flow(ctx), body.id, body.version),
    'quoteManagement/approveQuote': (body, ctx) => decideQuote(flow(ctx), body, 'approved'),
    'quoteManagement/rejectQuote': (body, ctx) => decideQuote(flow(ctx), body, 'rejected'),
    'quoteManagement/getApprovalsWaiting': (body, ctx) => getApprovalsWaiting(flow(ctx), body),
    'quoteManagement/getMyApprovals': (_body, ctx) => getMyApprovals(flow(ctx)),
  };
}
