import type { TCreateUserInput, TRoleLevel, TUpdateUserInput } from '@cpq/contracts';
import { call } from '../../../lib/api';

export const usersApi = {
  getUser: (username: string) => call('userManagement/getUser', { username }),
  createUser: (input: TCreateUserInput) => call('userManagement/createUser', { input }),
  updateUser: (id: number, input: TUpdateUserInput, version: number) =>
    call('userManagement/updateUser', { id, version, input }),
  getRoles: (roleLevel: TRoleLevel) => call('roleManagement/getRoles', { roleLevel }),
  getPlatforms: () => call('platformManagement/getPlatforms', {}),
  getSecret: () => call('auth/getSecret', {}),
};
