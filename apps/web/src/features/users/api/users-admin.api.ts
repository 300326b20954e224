import type { TUser } from '@cpq/contracts';
import { call } from '../../../lib/api';
import { routeQuery } from '../../../ui/generic-list';

const ref = (user: Pick<TUser, 'id' | 'username'>) => ({ id: user.id, username: user.username });

/** User management calls of the administration screens (the profile's own calls live in profile/api). */
export const usersAdminApi = {
  getUsers: routeQuery('userManagement/getUsers'),
  deleteUser: (id: number) => call('userManagement/deleteUser', { id }),
  resetMfaEnrollment: (id: number) => call('userManagement/resetMfaEnrollment', { id }),
  /** The caller goes along as `self`; the server never deletes them (spec: own id excluded). */
  deleteUsers: (users: TUser[], self: TUser) =>
    call('userManagement/deleteUsers', { users: users.map(ref), self: ref(self) }),
};
