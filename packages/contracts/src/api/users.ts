import { z } from 'zod';
import { ZEmail, ZGuid, ZId, ZPagedQuery, ZPassword, ZVersion } from '../common';
import { ZPasswordResetRequest, ZUser } from '../entities/accounts';
import { CHECKOUT_TYPES } from '../enums';
import { ZMfaEnrollment } from './auth';

const ZName = z.string().trim().max(100);

/** createUser's input: sign-up sends name and e-mail only; administrators also set role, checkout type and platform. */
export const ZCreateUserInput = z.strictObject({
  username: ZEmail,
  firstName: ZName.default(''),
  lastName: ZName.default(''),
  password: ZPassword.optional(),
  _id: ZGuid.optional(),
  roleId: z.string().min(1).max(64).optional(),
  checkoutType: z.enum(CHECKOUT_TYPES).optional(),
  pid: z.string().min(1).max(64).optional(),
  enableMFA: z.boolean().optional(),
});
export type TCreateUserInput = z.infer<typeof ZCreateUserInput>;

export const ZCreateUserRequest = z.strictObject({ input: ZCreateUserInput });

/** A self sign-up answers with the new user and the code step to finish signing in (the secret shown once). */
export const ZCreateUserResult = z.object({
  user: ZUser,
  signIn: z.object({ secret: z.string(), enrollment: ZMfaEnrollment }).nullable(),
});
export type TCreateUserResult = z.infer<typeof ZCreateUserResult>;

/**
 * updateUser's input. `password` with `resetId` is a password reset (no sign-in needed); `password` with
 * `currentPassword` changes the caller's own; administrators change another user's with `password` alone; `mfaSecret` confirms the enrolment started
 * with auth/getSecret; `isLoggedIn: false` is sent at sign-out.
 */
export const ZUpdateUserInput = z.strictObject({
  firstName: ZName.optional(),
  lastName: ZName.optional(),
  roleId: z.string().min(1).max(64).optional(),
  checkoutType: z.enum(CHECKOUT_TYPES).optional(),
  pid: z.string().min(1).max(64).optional(),
  enableMFA: z.boolean().optional(),
  password: ZPassword.optional(),
  /** Required when users change their own password while signed in, so a borrowed session cannot take over. */
  currentPassword: z.string().max(200).optional(),
  resetId: z.string().min(1).max(200).optional(),
  mfaSecret: z.string().min(1).max(200).optional(),
  isLoggedIn: z.boolean().optional(),
});
export type TUpdateUserInput = z.infer<typeof ZUpdateUserInput>;

export const ZUpdateUserRequest = z.strictObject({ id: ZId, version: ZVersion.optional(), input: ZUpdateUserInput });
export const ZGetUserRequest = z.strictObject({ username: ZEmail });
export const ZGetUsersRequest = ZPagedQuery;

const ZUserRef = z.strictObject({ id: ZId, username: z.string() });
export const ZDeleteUsersRequest = z.strictObject({
  users: z.array(ZUserRef).min(1).max(500),
  self: ZUserRef.optional(),
});
export const ZDeleteUsersResult = z.object({ deleted: z.number().int() });

export const ZGetPasswordResetRequest = z.strictObject({ passwordResetRequestId: z.string().min(1).max(200) });
export { ZPasswordResetRequest };

/** Sends a new user their sign-in details. The password is never mailed: the mail carries a set-password link. */
export const ZEmailNewUserPasswordRequest = z.strictObject({
  username: ZEmail,
  password: z.string().max(200).optional(),
});
export const ZSent = z.object({ sent: z.literal(true) });

/** A user's sign-in throttle as administrators see it: consecutive failures and until when the next must wait. */
export const ZSignInThrottle = z.object({
  failures: z.number().int(),
  /** Seconds since the epoch; null when no attempt has to wait. */
  throttledUntil: z.number().int().nullable(),
});
export type TSignInThrottle = z.infer<typeof ZSignInThrottle>;
