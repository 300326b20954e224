import {
  MSG,
  ZCreateUserInput,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZMfaEnrollment,
  ZPasscodeInput,
  ZPassword,
} from '@cpq/contracts';
import { z } from 'zod';

/** Credentials stage: the login request's own fields and messages. */
export const ZCredentialsForm = ZLoginRequest.pick({ username: true, password: true }).extend({
  stayLoggedIn: z.boolean(),
});
export type TCredentialsForm = z.input<typeof ZCredentialsForm>;

/** Forgot-password stage. */
export const ZForgotForm = ZForgotPasswordRequest;
export type TForgotForm = z.input<typeof ZForgotForm>;

/** Code stage: 'nnn nnn' with the spec's three messages. */
export const ZPasscodeForm = z.object({ passcode: ZPasscodeInput });
export type TPasscodeForm = z.input<typeof ZPasscodeForm>;

/** 'Try it out!' sign-up: one Name field (split into first and last name) and the e-mail address. */
export const ZSignUpForm = ZCreateUserInput.pick({ username: true }).extend({
  name: z.string().trim().min(1, MSG.nameRequired).max(200),
});
export type TSignUpForm = z.input<typeof ZSignUpForm>;

/** Reset Password: the spec's password rules, then the confirmation. */
export const ZResetPasswordForm = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    if (!value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.confirmPassword });
    } else if (value.confirmPassword !== value.password) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
    }
  });
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** A sign-in waiting for its authenticator code: from auth/login or from sign-up. */
export const ZPendingSignIn = z.object({
  username: z.string(),
  /** The short-lived sign-in ticket sent back with the code. */
  ticket: z.string(),
  enrollment: ZMfaEnrollment.nullable(),
  /** A first enrolment: a code was mailed, and the mailbox stage comes before the authenticator. */
  mailboxCheck: z.boolean().optional(),
  stayLoggedIn: z.boolean(),
});
export type TPendingCode = z.infer<typeof ZPendingSignIn>;
