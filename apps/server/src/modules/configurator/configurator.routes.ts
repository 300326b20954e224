import { CompiledModels } from '../../compiler/compiled-models';
import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { configure, getConfigurations, start, type TConfiguratorContext } from './configurator.service';
import { explain } from './configurator-explain';
import { finish } from './configurator-finish.service';
import { configurePreview, explainPreview, PreviewSessions, startPreview } from './configurator-preview';
import { SessionCache } from './session-cache';
import { createVisitor } from './visitor.service';

type TConfiguratorPaths =
  | 'configurator/start'
  | 'configurator/configure'
  | 'configurator/explain'
  | 'configurator/finish'
  | 'configurator/getConfigurations'
  | 'configurator/createVisitor'
  | 'configurator/startPreview';

/**
 * The configurator. `models` is the process's cache of compiled model versions and `sessions` its cache of
 * configuration sessions (one of each per app by default).
 */
export function createConfiguratorHandlers(
  deps: TAppDeps,
  models = new CompiledModels(deps.compiler, { store: deps.diagrams }),
  sessions = new SessionCache(),
  previews = new PreviewSessions(),
): THandlers<TConfiguratorPaths> {
  const context = (ctx: TRequestContext): TConfiguratorContext => ({
    db: deps.db,
    actor: signedIn(ctx),
    ip: ctx.ip,
    models,
    sessions,
  });
  const preview = (ctx: TRequestContext) => ({ ...context(ctx), previews, compiler: deps.compiler, log: ctx.log });
  return {
    'configurator/start': (body, ctx) => start(context(ctx), body),
    'configurator/configure': async (body, ctx) =>
      previews.has(body.sessionId) ? configurePreview(preview(ctx), body) : configure(context(ctx), body),
    'configurator/explain': async (body, ctx) =>
      previews.has(body.sessionId) ? explainPreview(preview(ctx), body) : explain(context(ctx), body),
    'configurator/startPreview': (body, ctx) => startPreview(preview(ctx), body),
    'configurator/finish': (body, ctx) =>
      finish({ ...context(ctx), order: { deps, actor: signedIn(ctx), ip: ctx.ip, log: ctx.log } }, body),
    'configurator/getConfigurations': (body, ctx) => getConfigurations(context(ctx), body),
    'configurator/createVisitor': (body, ctx) =>
      createVisitor({ deps, ip: ctx.ip, userAgent: ctx.userAgent, log: ctx.log }, body.email),
  };
}
