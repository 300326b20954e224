import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createRole, deleteRole, listRoles, updateRole } from './roles.service';

type TRolePaths =
  | 'roleManagement/getRoles'
  | 'roleManagement/createRole'
  | 'roleManagement/updateRole'
  | 'roleManagement/deleteRole';

/** Role management: listing for administrators, changes for level 9. */
export function createRoleHandlers(deps: TAppDeps): THandlers<TRolePaths> {
  const context = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'roleManagement/getRoles': (body, ctx) => listRoles(context(ctx), body.roleLevel),
    'roleManagement/createRole': (body, ctx) => createRole(context(ctx), body.input),
    'roleManagement/updateRole': (body, ctx) => updateRole(context(ctx), body.id, body.input, body.version),
    'roleManagement/deleteRole': (body, ctx) => deleteRole(context(ctx), body.id),
  };
}
