import {
  API_PREFIX,
  findUnstorableText,
  MSG,
  msgNestedTooDeeply,
  msgUnstorableText,
  ROUTES,
  type TAccess,
  type TRoutePath,
} from '@cpq/contracts';
import type { FastifyInstance } from 'fastify';
import type { TActor } from '../lib/actor';
import { AppError } from '../lib/app-error';
import type { TActors } from './actors';
import type { THandler, THandlers } from './handlers';

/**
 * Refuses, with a 400 naming each field, a body holding text PostgreSQL cannot store (NUL, lone surrogates) or
 * nested past the limit: checked here once for every route, before its schema, so no such value reaches a query.
 */
export function checkStorable(body: unknown): void {
  const found = findUnstorableText(body);
  if (found.length === 0) return;
  const details = found.map(({ path, reason }) => ({
    path,
    message: reason === 'depth' ? msgNestedTooDeeply(path) : msgUnstorableText(path),
  }));
  throw new AppError('VALIDATION_FAILED', details[0]?.message ?? MSG.internal, details);
}

function checkAccess(access: TAccess, actor: TActor | null, hadToken: boolean): void {
  if (access === 'public') return;
  if (!actor) throw new AppError('UNAUTHENTICATED', hadToken ? MSG.sessionExpired : MSG.signInRequired);
  if (access === 'signedIn') return;
  if (actor.roleLevel < access.minLevel) throw new AppError('FORBIDDEN', MSG.forbidden);
}

/**
 * Mounts every route of the contracts' table as `POST /api/v1/<path>`: resolve the caller and enforce the access
 * rule (so an unauthorised caller learns nothing about the payload), parse the body with the route's schema, run
 * the handler, and answer `{ success: true, result }` with the result passed through the response schema, which
 * drops any field the contract does not name. A result that breaks its own contract is our bug: a 500, logged.
 */
export function mountRoutes(
  app: FastifyInstance,
  handlers: THandlers<TRoutePath>,
  deps: { actors: TActors; clock: () => Date },
): void {
  for (const path of Object.keys(ROUTES) as TRoutePath[]) {
    const route = ROUTES[path];
    const handler = handlers[path] as THandler<TRoutePath> | undefined;
    if (!handler) throw new Error(`No handler for route ${path}`);
    app.post(`${API_PREFIX}/${path}`, async (request) => {
      const authorization = request.headers.authorization;
      const actor = await deps.actors.resolve(authorization, deps.clock());
      checkAccess(route.access, actor, Boolean(authorization));
      checkStorable(request.body);
      const body = route.request.parse(request.body ?? {});
      const result = await handler(body as never, {
        actor,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        log: request.log,
      });
      const checked = route.response.safeParse(result);
      if (!checked.success) {
        request.log.error({ route: path, issues: checked.error.issues }, 'result does not match its contract');
        throw new Error(`Result of ${path} does not match its contract`);
      }
      return { success: true, result: checked.data };
    });
  }
}
