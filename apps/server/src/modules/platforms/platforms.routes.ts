import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createPlatform, getPlatform, getPlatforms, updatePlatform } from './platforms.service';

type TPlatformPaths =
  | 'platformManagement/getPlatform'
  | 'platformManagement/getPlatforms'
  | 'platformManagement/createPlatform'
  | 'platformManagement/updatePlatform';

/** Platform settings: read by anyone (the public view), changed by administrators, listed and created by level 9. */
export function createPlatformHandlers(deps: TAppDeps): THandlers<TPlatformPaths> {
  const base = (ctx: TRequestContext) => ({ db: deps.db, clock: deps.clock, ip: ctx.ip });
  const withActor = (ctx: TRequestContext) => ({ ...base(ctx), actor: signedIn(ctx) });
  return {
    'platformManagement/getPlatform': (body, ctx) => getPlatform({ ...base(ctx), actor: ctx.actor }, body),
    'platformManagement/getPlatforms': (_body, ctx) => getPlatforms(withActor(ctx)),
    'platformManagement/createPlatform': (body, ctx) => createPlatform(withActor(ctx), body.input),
    'platformManagement/updatePlatform': (body, ctx) =>
      updatePlatform(withActor(ctx), body.id, body.input, body.version),
  };
}
