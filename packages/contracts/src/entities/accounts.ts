import { z } from 'zod';
import { ZEmail, ZFlag, ZGuid, ZId, ZIsoDate, ZVersion } from '../common';
import { CHECKOUT_TYPES, INTEGRATIONS, MAX_ROLE_LEVEL } from '../enums';
import { MSG } from '../messages';

export const ZRoleLevel = z.number().int().min(0, MSG.statusLevelMin).max(MAX_ROLE_LEVEL, MSG.statusLevelMax);

/** A role. Ids of the built-in roles are 'public', 'registered', 'admin', 'superAdmin'. */
export const ZRole = z.object({
  version: ZVersion,
  id: z.string(),
  name: z.string(),
  description: z.string(),
  roleLevel: ZRoleLevel,
  /** Whether the role's users see cost and margin (administrators always do). */
  showsMargin: z.boolean(),
});
export type TRole = z.infer<typeof ZRole>;

/** A user as the API shows it. The multi-factor secret and password hash never leave the server. */
export const ZUser = z.object({
  version: ZVersion,
  id: ZId,
  _id: ZGuid.nullable(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  roleLevel: ZRoleLevel,
  checkoutType: z.enum(CHECKOUT_TYPES),
  pid: z.string(),
  enableMFA: z.boolean(),
  /** True once an authenticator is enrolled; the secret itself is never sent. */
  hasMfaSecret: z.boolean(),
  isLoggedIn: z.boolean(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TUser = z.infer<typeof ZUser>;

/** A platform (client tenant) in the spec's wire format: e-mails as a comma-separated string, flags '1'/'0'. */
export const ZPlatform = z.object({
  version: ZVersion,
  id: z.string(),
  name: z.string(),
  emailAddresses: z.string(),
  integration: z.enum(INTEGRATIONS),
  requireMFA: ZFlag,
  requireHttps: ZFlag,
  csiOrderCompleteString: z.string(),
});
export type TPlatform = z.infer<typeof ZPlatform>;

/** What anyone, signed in or not, may know of a platform (the sign-in screens need these). */
export const ZPublicPlatform = ZPlatform.pick({ id: true, name: true, requireMFA: true, requireHttps: true });
export type TPublicPlatform = z.infer<typeof ZPublicPlatform>;

export const ZPasswordResetRequest = z.object({
  passwordResetRequestId: z.string(),
  userId: ZId,
  username: ZEmail,
  expirationDate: ZIsoDate,
});
export type TPasswordResetRequest = z.infer<typeof ZPasswordResetRequest>;
