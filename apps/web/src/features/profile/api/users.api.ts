import type { TRoleLevel, TUpdateUserInput } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const usersApi = {
  getUser: (username: string) => call('userManagement/getUser', { username }),
  updateUser: (id: number, input: TUpdateUserInput) => call('userManagement/updateUser', { id, input }),
  getRoles: (roleLevel: TRoleLevel) => call('roleManagement/getRoles', { roleLevel }),
  getPlatforms: () => call('platformManagement/getPlatforms', {}),
  getSecret: () => call('auth/getSecret', {}),
};
