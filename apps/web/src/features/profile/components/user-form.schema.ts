import {
  DEFAULT_CHECKOUT_TYPE,
  MSG,
  PASSWORD_MIN_LENGTH,
  type TUser,
  ZEmail,
  ZPassword,
  ZUpdateUserInput,
} from '@cpq/contracts';
import { z } from 'zod';

/**
 * The user form (spec: Users, user form), for create and edit. The e-mail address counts only on create; password
 * fields only on create or while 'Update Password' is open; the confirmation is compared once the password is
 * longer than 8 characters, as the spec says for this form.
 */
export const ZUserForm = ZUpdateUserInput.pick({ firstName: true, lastName: true })
  .extend({
    isCreating: z.boolean(),
    username: z.string(),
    roleId: z.string(),
    checkoutType: z.string().min(1, MSG.checkoutTypeRequired),
    pid: z.string().min(1, MSG.platformRequired),
    enableMFA: z.boolean(),
    isUpdatingPassword: z.boolean(),
    currentPassword: z.string(),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.isCreating) {
      const email = ZEmail.safeParse(values.username);
      if (!email.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['username'],
          message: email.error.issues[0]?.message ?? MSG.invalidEmail,
        });
      }
    }
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
  isCreating: false,
  username: user.username,
  firstName: user.firstName,
  lastName: user.lastName,
  roleId: user.roleId,
  checkoutType: user.checkoutType,
  pid: user.pid,
  enableMFA: user.enableMFA,
  isUpdatingPassword: false,
  currentPassword: '',
  password: '',
  confirmPassword: '',
});

/** A new user: on the creator's platform, role chosen once the roles load (the level-0 role), password shown. */
export const newUserFormDefaults = (pid: string): TUserForm => ({
  isCreating: true,
  username: '',
  firstName: '',
  lastName: '',
  roleId: '',
  checkoutType: DEFAULT_CHECKOUT_TYPE,
  pid,
  enableMFA: false,
  isUpdatingPassword: true,
  currentPassword: '',
  password: '',
  confirmPassword: '',
});
