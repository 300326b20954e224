import { msgApprovalWithdrawn } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { insertChangesBy, type TChangeCaller } from '../audit/change-trail';
import { approvalFingerprint } from './approval-facts';
import { findApprovalInput, findLatestApproval, updateApprovalRow } from './approvals.repository';

/**
 * Withdraws a quote's approval, or its request waiting for one, when a change touched what the rules look at (the
 * quote's fingerprint moved); a change that did not (a comment, a contact) leaves it. Run by every writer of lines,
 * prices and discounts in its transaction, after the change and under the quote's lock. Answers the message to show
 * the caller (also written to the quote's trail), or null when nothing was withdrawn.
 */
export async function withdrawApprovalOnChange(
  tx: TDbOrTx,
  caller: TChangeCaller,
  quote: { id: number; pid: string },
): Promise<string | null> {
  const record = await findLatestApproval(tx, quote.id, true);
  if (!record || (record.state !== 'submitted' && record.state !== 'approved')) return null;
  if (approvalFingerprint(await findApprovalInput(tx, quote.id)) === record.fingerprint) return null;
  const message = msgApprovalWithdrawn(record.state === 'approved');
  await updateApprovalRow(tx, record.id, { state: 'withdrawn', currentStep: null, withdrawnMessage: message });
  await insertChangesBy(tx, caller, [
    {
      entity: 'quoteApproval',
      verb: 'withdrawn',
      entityId: record.id,
      pid: quote.pid,
      data: { quoteId: quote.id, was: record.state, message },
    },
  ]);
  return message;
}
