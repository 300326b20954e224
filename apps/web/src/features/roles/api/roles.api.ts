import type { TRoleInput, TRoleLevel } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const rolesApi = {
  getRoles: (roleLevel: TRoleLevel, signal?: AbortSignal) => call('roleManagement/getRoles', { roleLevel }, signal),
  createRole: (input: TRoleInput) => call('roleManagement/createRole', { input }),
  updateRole: (id: string, input: TRoleInput, version: number) =>
    call('roleManagement/updateRole', { id, version, input }),
  deleteRole: (id: string) => call('roleManagement/deleteRole', { id }),
};
