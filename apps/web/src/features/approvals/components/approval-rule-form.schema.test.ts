import { APPROVAL_MSG } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { approvalRuleFormDefaults, toApprovalRuleInput, ZApprovalRuleForm } from './approval-rule-form.schema';

const issuesOf = (values: Record<string, unknown>) => {
  const result = ZApprovalRuleForm.safeParse({ ...approvalRuleFormDefaults(), ...values });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the approval rule form', () => {
  it('sends a discount rule with its threshold and level, no product', () => {
    const values = { ...approvalRuleFormDefaults(), name: 'Director', step: '2', threshold: '30', productId: 4 };
    expect(toApprovalRuleInput(values)).toEqual({
      name: 'Director',
      step: 2,
      metric: 'lineDiscount',
      operator: 'gt',
      threshold: '30',
      productId: null,
      approverLevel: 5,
      approverUserIds: [],
    });
  });

  it('says what is missing with the server’s messages', () => {
    expect(issuesOf({ name: 'X', threshold: '' })).toContainEqual(['threshold', APPROVAL_MSG.thresholdRequired]);
    expect(issuesOf({ name: 'X', metric: 'product' })).toContainEqual(['productId', APPROVAL_MSG.productRequired]);
    expect(issuesOf({ name: 'X', threshold: '5', approverLevel: '' })).toContainEqual([
      'approverLevel',
      APPROVAL_MSG.approverRequired,
    ]);
    expect(issuesOf({ name: 'X', threshold: '5.123' })).toContainEqual(['threshold', APPROVAL_MSG.thresholdFormat]);
    expect(issuesOf({ name: 'X', threshold: '5' })).toEqual([]);
  });
});
