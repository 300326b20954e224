import { type TRole, ZRoleInput, ZRoleLevel } from '@cpq/contracts';
import { z } from 'zod';

/** The role panel's form: the request's fields, with the level as the select's string. */
export const ZRoleForm = ZRoleInput.pick({ name: true, description: true, showsMargin: true }).extend({
  roleLevel: z.string().transform(Number).pipe(ZRoleLevel),
});
export type TRoleForm = z.input<typeof ZRoleForm>;
export type TRoleFormOutput = z.output<typeof ZRoleForm>;

export const roleFormDefaults = (role: TRole | null): TRoleForm => ({
  name: role?.name ?? '',
  description: role?.description ?? '',
  roleLevel: String(role?.roleLevel ?? 0),
  showsMargin: role?.showsMargin ?? false,
});

/** Level names the system builds in (spec: 0 Public User, 1 Registered User, 5 System Admin, 9 Super Admin). */
const LEVEL_NAMES: Record<number, string> = {
  0: 'Public User',
  1: 'Registered User',
  5: 'System Admin',
  9: 'Super Admin',
};

export const ROLE_LEVEL_OPTIONS = Array.from({ length: 10 }, (_, level) => ({
  value: String(level),
  label: LEVEL_NAMES[level] ? `${level} · ${LEVEL_NAMES[level]}` : String(level),
}));
