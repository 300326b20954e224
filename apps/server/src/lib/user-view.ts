import type { TCheckoutType, TUser } from '@cpq/contracts';
import type { roles, users } from '../db/schema';

export type TUserRow = typeof users.$inferSelect;
export type TRoleRow = Pick<typeof roles.$inferSelect, 'name' | 'roleLevel'>;

/**
 * The one mapping from a user row (and its role) to the API's `ZUser` shape. The password hash and the
 * multi-factor secrets never leave the server: only whether a secret is enrolled (`hasMfaSecret`).
 */
export function toUserView(row: TUserRow, role: TRoleRow): TUser {
  return {
    version: row.version,
    id: row.id,
    _id: row.guid ?? null,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    roleId: row.roleId,
    roleName: role.name,
    roleLevel: role.roleLevel,
    checkoutType: row.checkoutType as TCheckoutType,
    pid: row.pid,
    enableMFA: row.enableMfa,
    hasMfaSecret: row.mfaSecret !== null && row.mfaSecret !== '',
    isLoggedIn: row.isLoggedIn,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
