import type { TApprovalRuleInput, TApprovalStanding, TQuoteApproval } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVALS_CHANGED_EVENT } from '../../../app/shell/use-my-approvals';
import type { TSave } from '../../../lib/api';
import { approvalsApi } from '../api/approvals.api';

export const APPROVAL_RULES_KEY = ['approvalRules'] as const;
export const APPROVAL_RULE_LIST_KEY = ['approvalRules', 'list'] as const;
export const APPROVALS_WAITING_KEY = ['approvals', 'waiting'] as const;
const approvalKey = (quoteId: number) => ['quotes', quoteId, 'approval'] as const;

export function useSaveApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TSave<TApprovalRuleInput>) => {
      if (save.id === null) return approvalsApi.createApprovalRule(save.input);
      const { pid: _pid, ...patch } = save.input;
      return approvalsApi.updateApprovalRule(save.id, patch, save.version);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVAL_RULES_KEY }),
  });
}

export function useDeleteApprovalRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => approvalsApi.deleteApprovalRule(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPROVAL_RULES_KEY }),
  });
}

/**
 * A quote's approval, explained. Keyed by the quote's version too: a change of its lines or discounts (which may
 * withdraw an approval) reads it again.
 */
export const useQuoteApproval = (quoteId: number, quoteVersion: number, isEnabled = true) =>
  useQuery({
    queryKey: [...approvalKey(quoteId), quoteVersion],
    queryFn: ({ signal }) => approvalsApi.getQuoteApproval(quoteId, signal),
    enabled: isEnabled,
  });

/** A quote's approval as the state rules read it (null until read), for the actions it holds back. */
export function useApprovalStanding(quoteId: number, quoteVersion: number, isEnabled = true): TApprovalStanding | null {
  const approval = useQuoteApproval(quoteId, quoteVersion, isEnabled).data;
  return approval ? { state: approval.state, stepNames: approval.steps.map((step) => step.name) } : null;
}

/** The quotes waiting for the caller's decision (the first 200, oldest request first). */
export const useApprovalsWaiting = (isEnabled: boolean) =>
  useQuery({
    queryKey: APPROVALS_WAITING_KEY,
    queryFn: ({ signal }) => approvalsApi.getApprovalsWaiting({ limit: 200, offset: 0 }, signal),
    enabled: isEnabled,
  });

/** A decision names the step the screen shows waiting, so a decision made meanwhile by another answers 409. */
type TDecision =
  | { kind: 'submit' }
  | { kind: 'approve'; step?: number | undefined; comment?: string | undefined }
  | { kind: 'reject'; step?: number | undefined; comment: string };

/** Submit, approve or reject at the quote's version; the answer is the approval as it now stands. */
export function useApprovalAction(quoteId: number, quoteVersion: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: TDecision): Promise<TQuoteApproval> => {
      if (decision.kind === 'submit') return approvalsApi.submitForApproval(quoteId, quoteVersion);
      if (decision.kind === 'approve') {
        return approvalsApi.approveQuote(quoteId, quoteVersion, decision.step, decision.comment);
      }
      return approvalsApi.rejectQuote(quoteId, quoteVersion, decision.step, decision.comment);
    },
    onSuccess: (approval) => {
      queryClient.setQueryData([...approvalKey(quoteId), quoteVersion], approval);
      void queryClient.invalidateQueries({ queryKey: APPROVALS_WAITING_KEY });
      // The header's Approvals count lives outside the query cache (the shell has none).
      window.dispatchEvent(new Event(APPROVALS_CHANGED_EVENT));
    },
  });
}
