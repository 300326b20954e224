/** Approval messages shared by the server, the quote screen and the administrators' form. */
export const APPROVAL_MSG = {
  nameTaken: 'An approval rule with this name already exists on this platform. Choose another name.',
  productRequired: 'Choose the product this rule looks for.',
  thresholdRequired: 'Enter a threshold, such as 15 or 10000.',
  thresholdFormat: 'Enter the threshold as a number with at most 2 decimals, such as 15 or 10000.50.',
  approverRequired: 'Choose who approves: a minimum role level or at least one user.',
  approverUserNotFound: 'This user is not on the rule’s platform. Choose a user of the platform.',
  productNotFound: 'This product is not in the rule’s platform. Choose one of its products.',
  notNeeded: 'This quote meets no approval rule: it needs no approval. Print, order or pay it as it is.',
  /** The Approval panel's quiet line on a quote checked against the platform's rules and meeting none. */
  noApprovalNeeded: 'No approval needed: this quote meets none of the approval rules.',
  alreadySubmitted:
    'This quote is already waiting for approval. Wait for the approvers, or change it to withdraw the request.',
  alreadyApproved: 'This quote is already approved for what it holds now.',
  notSubmitted: 'This quote is not waiting for approval. Submit it for approval first.',
  notYourStep:
    'You cannot act on this step: it needs an approver of a higher role level or one of the named users. Ask one of them to approve it.',
  ownQuote: 'You cannot approve or reject your own quote. Ask another approver of the same or a higher level.',
  commentRequired: 'Say why you reject the quote, so its owner knows what to change.',
  quotesOnly: 'Only a quote (not a quote request or an order) goes through approval.',
  submitted: 'Submitted for approval. The approvers were sent an e-mail.',
  approved: 'Approved.',
  rejected: 'Rejected. The quote’s owner sees your comment.',
} as const;

/** Why a quote that meets approval rules cannot be printed as final, ordered or paid yet (409). */
export const msgApprovalRequired = (stepNames: readonly string[]): string =>
  `This quote needs approval first (${stepNames.join(', ')}). Submit it for approval, or change it so it meets no rule; once approved it can be printed, ordered and paid.`;

/** Said, and written to the quote's trail, when a change withdraws an approval or a pending request. */
export const msgApprovalWithdrawn = (wasApproved: boolean): string =>
  wasApproved
    ? 'The approval was withdrawn: this change touches what the approval rules look at (discounts, quantities, products, prices or the total). Submit the quote for approval again.'
    : 'The approval request was withdrawn: this change touches what the approval rules look at (discounts, quantities, products, prices or the total). Submit the quote for approval again.';

/** A deleted rule's confirmation. */
export const msgApprovalRuleDeleted = (id: number | string): string =>
  `Successfully deleted Approval Rule with the ID of ${id}`;
