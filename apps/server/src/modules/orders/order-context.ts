import type { FastifyBaseLogger } from 'fastify';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';

/** What placing an order needs: the app's dependencies, the caller, and the request's log. */
export type TOrderContext = { deps: TAppDeps; actor: TActor; ip: string; log: FastifyBaseLogger };

/** What telling open screens about order changes needs (a job has no caller): the database to read statuses, the sockets. */
export type TPublishContext = { deps: Pick<TAppDeps, 'db' | 'realtime'>; log: FastifyBaseLogger };
