import type { TApprovalStanding, TQuote } from '@cpq/contracts';
import { useQuoteApproval } from '../../approvals/hooks/use-approvals';

/** Where the quote stands on approval, as approvalRefusal takes it; null until known or when not asked for. */
export function useApprovalStanding(quote: Pick<TQuote, 'id' | 'version'>, isEnabled = true): TApprovalStanding | null {
  const approval = useQuoteApproval(quote.id, quote.version, isEnabled).data;
  return approval ? { state: approval.state, stepNames: approval.steps.map((step) => step.name) } : null;
}
