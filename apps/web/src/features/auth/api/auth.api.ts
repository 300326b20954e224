import type { TRequestOf } from '@cpq/contracts';
import { call } from '../../../lib/api';

/** Thin wrappers so that components read as the journey they implement. */
export const authApi = {
  login: (body: TRequestOf<'auth/login'>) => call('auth/login', body),
  authorize: (body: TRequestOf<'auth/authorize'>) => call('auth/authorize', body),
  confirmMailbox: (body: TRequestOf<'auth/confirmMailbox'>) => call('auth/confirmMailbox', body),
  forgotPassword: (username: string) => call('auth/forgotPassword', { username }),
  signUp: (input: TRequestOf<'userManagement/createUser'>['input']) => call('userManagement/createUser', { input }),
  getResetRequest: (passwordResetRequestId: string) =>
    call('userManagement/getPasswordResetRequest', { passwordResetRequestId }),
  resetPassword: (userId: number, password: string, resetId: string) =>
    call('userManagement/updateUser', { id: userId, input: { password, resetId } }),
  getUser: (username: string) => call('userManagement/getUser', { username }),
  getPlatform: () => call('platformManagement/getPlatform', {}),
  markSignedOut: (userId: number) => call('userManagement/updateUser', { id: userId, input: { isLoggedIn: false } }),
  logout: () => call('auth/logout', {}),
};
