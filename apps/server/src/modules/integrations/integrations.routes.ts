import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { getIntegrationSettings, updateIntegrationSettings } from './integration-settings.service';

type TIntegrationPaths = 'platformManagement/getIntegrationSettings' | 'platformManagement/updateIntegrationSettings';

/** A platform's ERP and CRM connections, for its administrators (level 9: any platform's). */
export function createIntegrationHandlers(deps: TAppDeps): THandlers<TIntegrationPaths> {
  const context = (ctx: TRequestContext) => ({
    db: deps.db,
    actor: signedIn(ctx),
    ip: ctx.ip,
    secretBox: deps.secretBox,
  });
  return {
    'platformManagement/getIntegrationSettings': (body, ctx) => getIntegrationSettings(context(ctx), body.id),
    'platformManagement/updateIntegrationSettings': (body, ctx) => updateIntegrationSettings(context(ctx), body),
  };
}
