import type { TApprovalRuleInput, TApprovalRulePatch, TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const approvalsApi = {
  getApprovalRules: (query: TRequestOf<'approvalManagement/getApprovalRules'>, signal?: AbortSignal) =>
    call('approvalManagement/getApprovalRules', query, signal),
  createApprovalRule: (input: TApprovalRuleInput) => call('approvalManagement/createApprovalRule', { input }),
  updateApprovalRule: (id: number, input: TApprovalRulePatch, version: number) =>
    call('approvalManagement/updateApprovalRule', { id, version, input }),
  deleteApprovalRule: (id: number) => call('approvalManagement/deleteApprovalRule', { id }),
  getQuoteApproval: (id: number, signal?: AbortSignal) => call('quoteManagement/getQuoteApproval', { id }, signal),
  submitForApproval: (id: number, version: number) => call('quoteManagement/submitForApproval', { id, version }),
  approveQuote: (id: number, version: number, step: number | undefined, comment?: string) =>
    call('quoteManagement/approveQuote', { id, version, step, ...(comment ? { comment } : {}) }),
  rejectQuote: (id: number, version: number, step: number | undefined, comment: string) =>
    call('quoteManagement/rejectQuote', { id, version, step, comment }),
  getApprovalsWaiting: (query: TRequestOf<'quoteManagement/getApprovalsWaiting'>, signal?: AbortSignal) =>
    call('quoteManagement/getApprovalsWaiting', query, signal),
};

/** The platform's users to name as approvers (the first 200 by name). */
export const getApproverChoices = (signal?: AbortSignal) =>
  call('userManagement/getUsers', { limit: 200, offset: 0, order: ['username', 'ASC'] }, signal);
