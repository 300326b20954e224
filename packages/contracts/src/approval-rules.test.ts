import { describe, expect, it } from 'vitest';
import {
  approvalNeeds,
  approvalStateOf,
  describeCondition,
  type TApprovalCondition,
  type TApprovalFacts,
} from './approval-rules';
import { approvalRefusal, submitRefusal } from './quote-state';

const rule = (over: Partial<TApprovalCondition>): TApprovalCondition => ({
  id: 1,
  name: 'Manager',
  step: 1,
  metric: 'lineDiscount',
  operator: 'gt',
  threshold: '15',
  productId: null,
  productName: null,
  ...over,
});

const facts = (over: Partial<TApprovalFacts> = {}): TApprovalFacts => ({
  lines: [
    { lineNumber: 1, productId: 7, productName: 'Door', discountPercent: '5' },
    { lineNumber: 2, productId: 8, productName: 'Frame', discountPercent: '0' },
    { lineNumber: 3, productId: 9, productName: 'Hinge', discountPercent: '18' },
  ],
  quoteDiscountPercent: '0',
  total: '12000.00',
  marginPercent: '22.5',
  ...over,
});

describe('approvalNeeds', () => {
  it('names the line and the smallest discount that removes a step', () => {
    const needs = approvalNeeds(facts(), [rule({ name: 'Director' })]);
    expect(needs).toMatchObject([{ step: 1, name: 'Director', hint: 'line 3: 18% -> 15% removes the Director step' }]);
    expect(needs[0]?.met[0]?.lineNumbers).toEqual([3]);
  });

  it('chains steps lowest first, each with its own hint; a rule not met makes no step', () => {
    const rules = [
      rule({ id: 2, name: 'Director', step: 2, threshold: '30' }),
      rule({ id: 1, name: 'Manager', step: 1, threshold: '10' }),
      rule({ id: 3, name: 'Finance', step: 3, metric: 'total', threshold: '50000' }),
    ];
    const needs = approvalNeeds(
      facts({ lines: [{ lineNumber: 1, productId: 7, productName: 'Door', discountPercent: '40' }] }),
      rules,
    );
    expect(needs.map((need) => [need.step, need.hint])).toEqual([
      [1, 'line 1: 40% -> 10% removes the Manager step'],
      [2, 'line 1: 40% -> 30% removes the Director step'],
    ]);
  });

  it('at or above a threshold asks for one hundredth below it; one field asked twice takes the stricter', () => {
    const rules = [rule({ operator: 'gte', threshold: '18' }), rule({ id: 2, threshold: '10' })];
    expect(approvalNeeds(facts(), rules)[0]?.hint).toBe('line 3: 18% -> 10% removes the Manager / Manager step');
    expect(approvalNeeds(facts(), [rule({ operator: 'gte', threshold: '18' })])[0]?.hint).toBe(
      'line 3: 18% -> 17.99% removes the Manager step',
    );
  });

  it('explains totals, quote discounts, margins and products', () => {
    const needs = (one: Partial<TApprovalCondition>) =>
      approvalNeeds(facts({ quoteDiscountPercent: '12.5' }), [rule(one)])[0]?.hint;
    expect(needs({ metric: 'total', threshold: '10000' })).toBe(
      'total: $12,000.00 -> $10,000.00 removes the Manager step',
    );
    expect(needs({ metric: 'quoteDiscount', threshold: '10' })).toBe(
      'quote discount: 12.5% -> 10% removes the Manager step',
    );
    expect(needs({ metric: 'margin', operator: 'lt', threshold: '25' })).toBe(
      'margin: 22.5% -> 25% removes the Manager step',
    );
    expect(needs({ metric: 'product', productId: 8, productName: 'Frame', threshold: null })).toBe(
      'line 2: remove Frame removes the Manager step',
    );
    // Without a known margin a margin rule does not apply.
    expect(
      approvalNeeds(facts({ marginPercent: null }), [rule({ metric: 'margin', operator: 'lt', threshold: '25' })]),
    ).toEqual([]);
  });

  it('describes a rule in words', () => {
    expect(describeCondition(rule({ name: 'Director', threshold: '30' }))).toBe('Director: a line discount > 30%');
    expect(describeCondition(rule({ metric: 'total', operator: 'gte', threshold: '50000' }))).toBe(
      'Manager: total ≥ $50,000.00',
    );
  });
});

describe('approval state', () => {
  it('holds a record only for the fingerprint it was given for', () => {
    expect(approvalStateOf(false, { state: 'approved', fingerprint: 'a' }, 'b')).toBe('notNeeded');
    expect(approvalStateOf(true, null, 'a')).toBe('needed');
    expect(approvalStateOf(true, { state: 'approved', fingerprint: 'a' }, 'a')).toBe('approved');
    expect(approvalStateOf(true, { state: 'approved', fingerprint: 'a' }, 'b')).toBe('needed');
    expect(approvalStateOf(true, { state: 'submitted', fingerprint: 'a' }, 'a')).toBe('submitted');
  });

  it('refuses orders until approved, and submits only what needs it', () => {
    expect(approvalRefusal({ state: 'approved', stepNames: ['Manager'] })).toBeNull();
    expect(approvalRefusal({ state: 'notNeeded', stepNames: [] })).toBeNull();
    expect(approvalRefusal({ state: 'submitted', stepNames: ['Manager', 'Director'] })?.message).toContain(
      '(Manager, Director)',
    );
    const quote = { type: 1, isLocked: false };
    expect(submitRefusal(quote, { state: 'needed' })).toBeNull();
    expect(submitRefusal(quote, { state: 'rejected' })).toBeNull();
    expect(submitRefusal(quote, { state: 'approved' })?.code).toBe('CONFLICT');
    expect(submitRefusal({ type: 2, isLocked: false }, { state: 'needed' })?.code).toBe('CONFLICT');
  });
});
