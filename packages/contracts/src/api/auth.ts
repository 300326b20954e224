import { z } from 'zod';
import { ZEmail, ZEmpty } from '../common';
import { ZUser } from '../entities/accounts';
import { MSG } from '../messages';

/** What the sign-in form posts. */
export const ZLoginRequest = z.strictObject({
  username: ZEmail,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
  stayLoggedIn: z.boolean().default(false),
  fromSalesforce: z.boolean().default(false),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** A new authenticator enrolment: shown once, as a scannable code and as an otpauth:// URL. */
export const ZMfaEnrollment = z.object({
  /** The base32 secret, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a PNG data URL. */
  qrCode: z.string(),
});
export type TMfaEnrollment = z.infer<typeof ZMfaEnrollment>;

/** A signed-in session: the bearer token, its expiry in seconds since the epoch, and the user. */
export const ZSession = z.object({ token: z.string(), expiresAt: z.number().int(), user: ZUser });
export type TSession = z.infer<typeof ZSession>;

/**
 * A multi-factor sign-in in progress: `secret` is a short-lived sign-in ticket. When `mailboxCheck` is true the
 * user has no authenticator yet: a six-digit code was mailed to them, and auth/confirmMailbox (ticket + code)
 * answers this shape again with `enrollment` set, the new authenticator to scan. Otherwise `enrollment` is null
 * and the ticket goes to auth/authorize with the authenticator's code.
 */
export const ZPendingSignIn = z.object({
  mfaRequired: z.literal(true),
  platformRequiresMFA: z.boolean(),
  secret: z.string(),
  mailboxCheck: z.boolean(),
  enrollment: ZMfaEnrollment.nullable(),
});

/**
 * The password step's answer. Without multi-factor it is a session. With multi-factor it is no session but a
 * pending sign-in (above). Departure from the spec: a first enrolment never answers the authenticator secret for
 * the password alone; the mailbox is proven first.
 */
export const ZLoginResult = z.discriminatedUnion('mfaRequired', [
  ZSession.extend({ mfaRequired: z.literal(false), platformRequiresMFA: z.boolean() }),
  ZPendingSignIn,
]);
export type TLoginResult = z.infer<typeof ZLoginResult>;
export type TPendingSignIn = Extract<TLoginResult, { mfaRequired: true }>;

/** The code as typed on the code stage: 'nnn nnn', seven characters with the space (spec section 5). */
export const ZPasscodeInput = z
  .string({ error: MSG.noPasscode })
  .min(1, MSG.noPasscode)
  .refine((value) => value.length === 7, MSG.passcodeSixNumbers)
  .refine((value) => /^\d{3} \d{3}$/.test(value) || !/^[\d ]*$/.test(value), MSG.passcodeSixNumbers)
  .refine((value) => /^[\d ]*$/.test(value), MSG.passcodeOnlyNumbers);

/** The code as the server takes it: six digits, a space in the middle allowed. */
export const ZPasscode = z
  .string({ error: MSG.noPasscode })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, MSG.noPasscode).regex(/^\d+$/, MSG.passcodeOnlyNumbers).length(6, MSG.passcodeSixNumbers));

/** The code step: `token` is the six-digit code, `secret` the sign-in ticket from auth/login or sign-up. */
export const ZAuthorizeRequest = z.strictObject({
  username: ZEmail,
  token: ZPasscode,
  secret: z.string().min(1).max(2000),
  stayLoggedIn: z.boolean().default(false),
});
export type TAuthorizeRequest = z.infer<typeof ZAuthorizeRequest>;

/** The mailbox check of a first enrolment: the ticket from auth/login and the six-digit code from the mail. */
export const ZConfirmMailboxRequest = z.strictObject({
  username: ZEmail,
  code: ZPasscode,
  secret: z.string().min(1).max(2000),
});
export type TConfirmMailboxRequest = z.infer<typeof ZConfirmMailboxRequest>;

export const ZGetSecretRequest = ZEmpty;

export const ZForgotPasswordRequest = z.strictObject({ username: ZEmail });
export const ZForgotPasswordResult = z.object({ sent: z.literal(true) });

export const ZLogoutRequest = ZEmpty;
