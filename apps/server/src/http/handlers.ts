import type { TParsedRequestOf, TResultOf, TRoutePath } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { TActor } from '../lib/actor';

/** What a route handler knows of the request besides its parsed body. */
export type TRequestContext = {
  actor: TActor | null;
  ip: string;
  userAgent: string | undefined;
  log: FastifyBaseLogger;
};

export type THandler<P extends TRoutePath> = (body: TParsedRequestOf<P>, ctx: TRequestContext) => Promise<TResultOf<P>>;

/** A module's handlers, one per route path it implements. */
export type THandlers<P extends TRoutePath> = { [K in P]: THandler<K> };

/** The actor of a route whose access rule already required sign-in. */
export function signedIn(ctx: TRequestContext): TActor {
  if (!ctx.actor) throw new Error('Route declared signed-in access but ran without an actor');
  return ctx.actor;
}
