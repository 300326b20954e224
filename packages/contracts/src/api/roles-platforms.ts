import { z } from 'zod';
import { ZEmail, ZFlag, ZVersion } from '../common';
import { ZPlatform, ZRoleLevel } from '../entities/accounts';
import { DEFAULT_INTEGRATION, DEFAULT_ORDER_COMPLETE_STRING, INTEGRATIONS } from '../enums';

export const ZGetRolesRequest = z.strictObject({ roleLevel: ZRoleLevel.optional() });

const roleFields = {
  name: z.string().trim().min(1, 'Role Name is required.').max(100),
  description: z.string().trim().max(500),
  roleLevel: ZRoleLevel,
  showsMargin: z.boolean(),
};
export const ZRoleInput = z.strictObject({
  ...roleFields,
  description: roleFields.description.default(''),
  showsMargin: roleFields.showsMargin.default(false),
});
export type TRoleInput = z.infer<typeof ZRoleInput>;
export const ZCreateRoleRequest = z.strictObject({ input: ZRoleInput });
/** An update names only the fields it changes: no defaults here, so an absent description stays as it is. */
export const ZUpdateRoleRequest = z.strictObject({
  id: z.string().min(1).max(64),
  version: ZVersion.optional(),
  input: z.strictObject(roleFields).partial(),
});
export const ZDeleteRoleRequest = z.strictObject({ id: z.string().min(1).max(64) });

/** Notification addresses as the spec sends them: one comma-separated string of valid e-mails, at least one. */
export const ZEmailList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(ZEmail).min(1, 'Add at least one e-mail address.').max(50))
  .transform((emails) => emails.join(','));

export const ZPlatformId = z
  .string()
  .trim()
  .min(1, 'Platform id is required.')
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'Use letters, digits, hyphens and underscores only.');

const platformFields = {
  id: ZPlatformId,
  name: z.string().trim().min(1, 'Platform name is required.').max(100),
  emailAddresses: ZEmailList,
  integration: z.enum(INTEGRATIONS),
  requireMFA: ZFlag,
  requireHttps: ZFlag,
  csiOrderCompleteString: z.string().trim().min(1).max(100),
};

export const ZPlatformInput = z.strictObject({
  ...platformFields,
  integration: platformFields.integration.default(DEFAULT_INTEGRATION),
  requireMFA: platformFields.requireMFA.default('0'),
  requireHttps: platformFields.requireHttps.default('0'),
  csiOrderCompleteString: platformFields.csiOrderCompleteString.default(DEFAULT_ORDER_COMPLETE_STRING),
});
export type TPlatformInput = z.infer<typeof ZPlatformInput>;

export const ZGetPlatformRequest = z.strictObject({
  id: z.string().min(1).max(64).optional(),
  defaultPlatform: z.boolean().optional(),
});
/** A platform as a caller may see it: notification addresses only for administrators of that platform. */
export const ZPlatformView = ZPlatform.extend({ emailAddresses: z.string().optional() });
export type TPlatformView = z.infer<typeof ZPlatformView>;

export const ZGetPlatformsRequest = z.strictObject({});
export const ZCreatePlatformRequest = z.strictObject({ input: ZPlatformInput });
export const ZUpdatePlatformRequest = z.strictObject({
  id: ZPlatformId,
  version: ZVersion.optional(),
  input: z.strictObject(platformFields).omit({ id: true }).partial(),
});
