import { MSG } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/render';
import { newUserFormDefaults, userFormDefaults, ZUserForm } from './user-form.schema';

const messages = (values: Partial<ReturnType<typeof userFormDefaults>>) => {
  const result = ZUserForm.safeParse({ ...userFormDefaults(makeUser()), ...values });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('user form schema', () => {
  it('ignores the password fields while Update Password is closed', () => {
    expect(messages({ password: 'x' })).toEqual([]);
  });

  it("uses the user form's spelling of the password rule", () => {
    expect(messages({ isUpdatingPassword: true, password: 'weak', confirmPassword: 'weak' })).toEqual([
      `password: ${MSG.passwordRulesUserForm}`,
    ]);
  });

  it('asks to confirm, and compares once the password is longer than 8 characters', () => {
    expect(messages({ isUpdatingPassword: true, password: 'Str0ng!Pass', confirmPassword: '' })).toEqual([
      `confirmPassword: ${MSG.confirmPassword}`,
    ]);
    expect(messages({ isUpdatingPassword: true, password: 'Str0ng!Pass', confirmPassword: 'other' })).toEqual([
      `confirmPassword: ${MSG.passwordsDoNotMatch}`,
    ]);
    expect(messages({ isUpdatingPassword: true, password: 'Str0ng!P', confirmPassword: 'other' })).toEqual([]);
  });

  it('requires checkout type and platform', () => {
    expect(messages({ checkoutType: '', pid: '' })).toEqual([
      `checkoutType: ${MSG.checkoutTypeRequired}`,
      `pid: ${MSG.platformRequired}`,
    ]);
  });
});

describe('user form schema on create', () => {
  const create = (values: Partial<ReturnType<typeof newUserFormDefaults>>) => {
    const result = ZUserForm.safeParse({ ...newUserFormDefaults('default'), ...values });
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('needs a valid e-mail and the password fields', () => {
    expect(create({})).toEqual([
      `username: ${MSG.emailRequired}`,
      `password: ${MSG.passwordRulesUserForm}`,
      `confirmPassword: ${MSG.confirmPassword}`,
    ]);
    expect(create({ username: 'nope', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' })).toEqual([
      `username: ${MSG.invalidEmail}`,
    ]);
    expect(create({ username: 'new@example.com', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass' })).toEqual(
      [],
    );
  });
});
