import type Big from 'big.js';
import type { TApprovalMetric, TApprovalOperator, TApprovalState } from './entities/approvals';
import { formatMoney, toDecimal } from './money';

/**
 * Approval rules, explained: which rules a quote meets, the steps they make, and for each step the smallest change
 * to the quote that would make it unnecessary. Pure, so the server (which decides) and the quote screen (which
 * shows) read the same rules the same way.
 */

/** What the rules read of one line: its position on the quote (1-based), product and discount %. */
export type TApprovalLineFacts = {
  lineNumber: number;
  productId: number | null;
  productName: string | null;
  discountPercent: string;
};

/** What the rules read of a quote. A margin is null when a line's cost is unknown: margin rules then do not apply. */
export type TApprovalFacts = {
  lines: TApprovalLineFacts[];
  quoteDiscountPercent: string;
  total: string;
  marginPercent: string | null;
};

/** A rule's condition as the evaluation reads it. */
export type TApprovalCondition = {
  id: number;
  name: string;
  step: number;
  metric: TApprovalMetric;
  operator: TApprovalOperator;
  threshold: string | null;
  productId: number | null;
  productName: string | null;
};

/** A rule the quote meets, and the lines that meet it (line rules only). */
export type TMetRule<R extends TApprovalCondition = TApprovalCondition> = { rule: R; lineNumbers: number[] };

/** A step the quote needs: its rules met, and the smallest change that would need no approval at this step. */
export type TApprovalNeed<R extends TApprovalCondition = TApprovalCondition> = {
  step: number;
  name: string;
  met: TMetRule<R>[];
  hint: string | null;
};

/** The smallest step a percentage or an amount is changed by: a cent, or a hundredth of a per cent. */
const EPSILON = '0.01';

const OPERATOR_SIGN: Record<TApprovalOperator, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };

function compares(value: string, operator: TApprovalOperator, threshold: string): boolean {
  const a = toDecimal(value);
  const b = toDecimal(threshold);
  if (operator === 'gt') return a.gt(b);
  if (operator === 'gte') return a.gte(b);
  if (operator === 'lt') return a.lt(b);
  return a.lte(b);
}

/** The nearest value that no longer meets the condition: the threshold itself, or one step past it. */
function nearestOutside(operator: TApprovalOperator, threshold: string): Big {
  const limit = toDecimal(threshold);
  if (operator === 'gte') return limit.minus(EPSILON);
  if (operator === 'lte') return limit.plus(EPSILON);
  return limit;
}

const percentText = (value: string | Big): string => `${toDecimal(value).toFixed()}%`;

/** A rule's condition in words: 'a line discount > 30%', 'total ≥ $50,000.00', 'Megane on the quote'. */
export function conditionText(rule: TApprovalCondition): string {
  const sign = OPERATOR_SIGN[rule.operator];
  const threshold = rule.threshold ?? '0';
  const what: Record<TApprovalMetric, () => string> = {
    lineDiscount: () => `a line discount ${sign} ${percentText(threshold)}`,
    quoteDiscount: () => `quote discount ${sign} ${percentText(threshold)}`,
    margin: () => `margin ${sign} ${percentText(threshold)}`,
    total: () => `total ${sign} ${formatMoney(threshold)}`,
    product: () => `${rule.productName ?? `product #${rule.productId}`} on the quote`,
  };
  return what[rule.metric]();
}

/** A rule in words: 'Director: a line discount > 30%', 'Custom: Megane on the quote'. */
export const describeCondition = (rule: TApprovalCondition): string => `${rule.name}: ${conditionText(rule)}`;

/** Whether the quote meets a rule, and through which lines. */
function meetsRule<R extends TApprovalCondition>(facts: TApprovalFacts, rule: R): TMetRule<R> | null {
  const threshold = rule.threshold ?? '0';
  switch (rule.metric) {
    case 'lineDiscount': {
      const lineNumbers = facts.lines
        .filter((line) => compares(line.discountPercent, rule.operator, threshold))
        .map((line) => line.lineNumber);
      return lineNumbers.length > 0 ? { rule, lineNumbers } : null;
    }
    case 'product': {
      const lineNumbers = facts.lines.filter((line) => line.productId === rule.productId).map((l) => l.lineNumber);
      return lineNumbers.length > 0 ? { rule, lineNumbers } : null;
    }
    case 'quoteDiscount':
      return compares(facts.quoteDiscountPercent, rule.operator, threshold) ? { rule, lineNumbers: [] } : null;
    case 'margin':
      return facts.marginPercent !== null && compares(facts.marginPercent, rule.operator, threshold)
        ? { rule, lineNumbers: [] }
        : null;
    case 'total':
      return compares(facts.total, rule.operator, threshold) ? { rule, lineNumbers: [] } : null;
  }
}

/** One change to the quote, keyed by what it changes so that two rules asking for one field take the stricter. */
type TChange = { key: string; from: Big; to: Big; lowers: boolean; text: (to: Big) => string };

function changesFor(facts: TApprovalFacts, met: TMetRule): TChange[] {
  const { rule } = met;
  const lowers = rule.operator === 'gt' || rule.operator === 'gte';
  const to = nearestOutside(rule.operator, rule.threshold ?? '0');
  const floorAtZero = (value: Big) => (value.lt(0) ? toDecimal('0') : value);
  switch (rule.metric) {
    case 'lineDiscount':
      return met.lineNumbers.map((lineNumber) => {
        const from = facts.lines.find((line) => line.lineNumber === lineNumber)?.discountPercent ?? '0';
        return {
          key: `line:${lineNumber}`,
          from: toDecimal(from),
          to: floorAtZero(to),
          lowers,
          text: (value) => `line ${lineNumber}: ${percentText(from)} -> ${percentText(value)}`,
        };
      });
    case 'quoteDiscount':
      return [
        {
          key: 'quoteDiscount',
          from: toDecimal(facts.quoteDiscountPercent),
          to: floorAtZero(to),
          lowers,
          text: (value) => `quote discount: ${percentText(facts.quoteDiscountPercent)} -> ${percentText(value)}`,
        },
      ];
    case 'margin':
      return [
        {
          key: 'margin',
          from: toDecimal(facts.marginPercent ?? '0'),
          to,
          lowers,
          text: (value) => `margin: ${percentText(facts.marginPercent ?? '0')} -> ${percentText(value)}`,
        },
      ];
    case 'total':
      return [
        {
          key: 'total',
          from: toDecimal(facts.total),
          to: floorAtZero(to),
          lowers,
          text: (value) => `total: ${formatMoney(facts.total)} -> ${formatMoney(value)}`,
        },
      ];
    case 'product':
      return met.lineNumbers.map((lineNumber) => ({
        key: `remove:${lineNumber}`,
        from: toDecimal('1'),
        to: toDecimal('0'),
        lowers: true,
        text: () => `line ${lineNumber}: remove ${rule.productName ?? `product #${rule.productId}`}`,
      }));
  }
}

/** The changes that undo every rule met at one step, in words ('line 3: 18% -> 15%'), or null when there are none. */
function hintFor(facts: TApprovalFacts, met: TMetRule[], name: string): string | null {
  const byKey = new Map<string, TChange>();
  for (const change of met.flatMap((one) => changesFor(facts, one))) {
    const seen = byKey.get(change.key);
    const isStricter = !seen || (change.lowers ? change.to.lt(seen.to) : change.to.gt(seen.to));
    if (isStricter) byKey.set(change.key, change);
  }
  const changes = [...byKey.values()].map((change) => change.text(change.to));
  return changes.length > 0 ? `${changes.join(', ')} removes the ${name} step` : null;
}

/**
 * The approval steps a quote needs, lowest step first: each with the rules it meets there and the smallest change
 * that would need no approval at that step. An empty answer means the quote needs no approval.
 */
export function approvalNeeds<R extends TApprovalCondition>(
  facts: TApprovalFacts,
  rules: readonly R[],
): TApprovalNeed<R>[] {
  const met = rules.map((rule) => meetsRule(facts, rule)).filter((one): one is TMetRule<R> => one !== null);
  const steps = [...new Set(met.map((one) => one.rule.step))].sort((a, b) => a - b);
  return steps.map((step) => {
    const ofStep = met.filter((one) => one.rule.step === step);
    const name = ofStep.map((one) => one.rule.name).join(' / ');
    return { step, name, met: ofStep, hint: hintFor(facts, ofStep, name) };
  });
}

/** An approval or request on record: its state and the fingerprint of what the rules read when it was made. */
export type TApprovalRecord = { state: 'submitted' | 'approved' | 'rejected'; fingerprint: string };

/**
 * Where a quote stands: no step needed, or the record's state while the quote still holds what was submitted (the
 * same fingerprint), else it needs approval again.
 */
export function approvalStateOf(
  needsApproval: boolean,
  record: TApprovalRecord | null,
  fingerprint: string,
): TApprovalState {
  if (!needsApproval) return 'notNeeded';
  if (record && record.fingerprint === fingerprint) return record.state;
  return 'needed';
}
