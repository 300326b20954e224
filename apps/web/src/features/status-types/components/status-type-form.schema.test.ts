import { MSG, msgNoLargerThan, PG_INT_MAX } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import {
  statusTypeFormDefaults,
  type TStatusTypeForm,
  toStatusTypeInput,
  ZStatusTypeForm,
} from './status-type-form.schema';

const messages = (values: Partial<TStatusTypeForm>) => {
  const result = ZStatusTypeForm.safeParse({ ...statusTypeFormDefaults(), name: 'Open', roleLevel: '1', ...values });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('status type form', () => {
  it("uses the spec's messages for role level and display order", () => {
    expect(messages({ roleLevel: '-1' })).toEqual([`roleLevel: ${MSG.statusLevelMin}`]);
    expect(messages({ roleLevel: '10' })).toEqual([`roleLevel: ${MSG.statusLevelMax}`]);
    expect(messages({ displayOrder: '-3' })).toEqual([`displayOrder: ${MSG.displayOrderMin}`]);
    expect(messages({ displayOrder: '2147483648' })).toEqual([`displayOrder: ${msgNoLargerThan(PG_INT_MAX)}`]);
  });

  it('requires a name and a role level', () => {
    expect(messages({ name: '', roleLevel: '' })).toEqual([
      `name: ${MSG.fieldRequired}`,
      `roleLevel: ${MSG.fieldRequired}`,
    ]);
  });

  it("sends numbers and visible as '1' or '0'", () => {
    const values = ZStatusTypeForm.parse({ name: 'Closed', roleLevel: '9', visible: false, displayOrder: '4' });
    expect(toStatusTypeInput(values)).toEqual({ name: 'Closed', roleLevel: 9, visible: '0', displayOrder: 4 });
  });
});
