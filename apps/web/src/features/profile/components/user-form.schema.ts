import { MSG, PASSWORD_MIN_LENGTH, type TUser, ZPassword, ZUpdateUserInput } from '@cpq/contracts';
import { z } from 'zod';

/**
 * The user form (spec: Users, user form). Password fields count only while 'Update Password' is open; the
 * confirmation is compared once the password is longer than 8 characters, as the spec says for this form.
 */
export const ZUserForm = ZUpdateUserInput.pick({ firstName: true, lastName: true })
  .extend({
    roleId: z.string(),
    checkoutType: z.string().min(1, MSG.checkoutTypeRequired),
    pid: z.string().min(1, MSG.platformRequired),
    enableMFA: z.boolean(),
    isUpdatingPassword: z.boolean(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (!values.isUpdatingPassword) return;
    if (!ZPassword.safeParse(values.password).success) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordRulesUserForm });
    }
    if (!values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.confirmPassword });
    } else if (values.password.length > PASSWORD_MIN_LENGTH && values.confirmPassword !== values.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
    }
  });
export type TUserForm = z.input<typeof ZUserForm>;
export type TUserFormOutput = z.output<typeof ZUserForm>;

export const userFormDefaults = (user: TUser): TUserForm => ({
  firstName: user.firstName,
  lastName: user.lastName,
  roleId: user.roleId,
  checkoutType: user.checkoutType,
  pid: user.pid,
  enableMFA: user.enableMFA,
  isUpdatingPassword: false,
  password: '',
  confirmPassword: '',
});
