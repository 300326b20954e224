import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createStatusType, deleteStatusType, getStatusTypes, updateStatusType } from './status-types.service';

type TStatusTypePaths =
  | 'statusTypesMgmt/getStatusTypes'
  | 'statusTypesMgmt/createStatusType'
  | 'statusTypesMgmt/updateStatusType'
  | 'statusTypesMgmt/deleteStatusType';

/** Status types: listed for any signed-in user up to their level, managed by administrators. */
export function createStatusTypeHandlers(deps: TAppDeps): THandlers<TStatusTypePaths> {
  const context = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip });
  return {
    'statusTypesMgmt/getStatusTypes': (body, ctx) => getStatusTypes(context(ctx), body),
    'statusTypesMgmt/createStatusType': (body, ctx) => createStatusType(context(ctx), body.input),
    'statusTypesMgmt/updateStatusType': (body, ctx) =>
      updateStatusType(context(ctx), body.id, body.input, body.version),
    'statusTypesMgmt/deleteStatusType': (body, ctx) => deleteStatusType(context(ctx), body.id),
  };
}
