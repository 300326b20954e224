/**
 * The words of approval rules and states, apart from their zod schemas (`entities/approvals.ts`), so that the screens
 * that only show them do not bring zod with them.
 */

/**
 * What an approval rule looks at: the highest line discount %, the quote discount %, the quote's margin %, its
 * total, or whether a product is on it.
 */
export const APPROVAL_METRICS = ['lineDiscount', 'quoteDiscount', 'margin', 'total', 'product'] as const;

/** How a metric is compared with the threshold (a product rule ignores it: the product is on the quote or not). */
export const APPROVAL_OPERATORS = ['gt', 'gte', 'lt', 'lte'] as const;

/** Where a quote stands: meets no rule, meets some and not submitted, waiting, approved, or rejected. */
export const APPROVAL_STATES = ['notNeeded', 'needed', 'submitted', 'approved', 'rejected'] as const;

export const APPROVAL_METRIC_LABEL: Record<(typeof APPROVAL_METRICS)[number], string> = {
  lineDiscount: 'Line discount %',
  quoteDiscount: 'Quote discount %',
  margin: 'Margin %',
  total: 'Quote total',
  product: 'Product on the quote',
};

export const APPROVAL_OPERATOR_LABEL: Record<(typeof APPROVAL_OPERATORS)[number], string> = {
  gt: 'above',
  gte: 'at or above',
  lt: 'below',
  lte: 'at or below',
};

export const APPROVAL_STATE_LABEL: Record<(typeof APPROVAL_STATES)[number], string> = {
  notNeeded: 'Not needed',
  needed: 'Needs approval',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
};
