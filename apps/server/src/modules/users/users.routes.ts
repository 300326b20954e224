import type { TAppDeps } from '../../deps';
import type { THandlers, TRequestContext } from '../../http/handlers';
import { createUser } from './user-create.service';
import { updateUser } from './user-update.service';
import { deleteUser, deleteUsers, getUser, getUsers, type TUserContext } from './users.service';

type TUserPaths =
  | 'userManagement/getUser'
  | 'userManagement/getUsers'
  | 'userManagement/createUser'
  | 'userManagement/updateUser'
  | 'userManagement/deleteUser'
  | 'userManagement/deleteUsers';

/** User management. getPasswordResetRequest is the auth module's (it belongs with the reset flow). */
export function createUserHandlers(deps: TAppDeps): THandlers<TUserPaths> {
  const context = (ctx: TRequestContext): TUserContext => ({ deps, actor: ctx.actor, ip: ctx.ip, log: ctx.log });
  return {
    'userManagement/getUser': (body, ctx) => getUser(context(ctx), body.username),
    'userManagement/getUsers': (body, ctx) => getUsers(context(ctx), body),
    'userManagement/createUser': (body, ctx) => createUser(context(ctx), body.input),
    'userManagement/updateUser': (body, ctx) => updateUser(context(ctx), body.id, body.input, body.version),
    'userManagement/deleteUser': (body, ctx) => deleteUser(context(ctx), body.id),
    'userManagement/deleteUsers': (body, ctx) => deleteUsers(context(ctx), body.users),
  };
}
