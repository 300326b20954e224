import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { getJobs, retryJob } from './jobs.service';

type TJobPaths = 'administration/getJobs' | 'administration/retryJob';

/** The administrators' view of calls to remote systems: what waits, what failed, and retrying a failed one. */
export function createJobHandlers(deps: TAppDeps): THandlers<TJobPaths> {
  const context = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip, jobs: deps.jobs });
  return {
    'administration/getJobs': (body, ctx) => getJobs(context(ctx), body),
    'administration/retryJob': (body, ctx) => retryJob(context(ctx), body.id),
  };
}
