import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { createRmas, getRmas } from './rmas.service';

type TRmaPaths = 'quoteManagement/createRMAs' | 'quoteManagement/getRMAs';

/** Return authorisations on orders, submitted to the platform's ERP by durable jobs. */
export function createRmaHandlers(deps: TAppDeps): THandlers<TRmaPaths> {
  const context = (ctx: TRequestContext) => ({
    db: deps.db,
    actor: signedIn(ctx),
    ip: ctx.ip,
    jobs: deps.jobs,
    log: ctx.log,
  });
  return {
    'quoteManagement/createRMAs': (body, ctx) => createRmas(context(ctx), body),
    'quoteManagement/getRMAs': (body, ctx) => getRmas(context(ctx), body.quoteId),
  };
}
