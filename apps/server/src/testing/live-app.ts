import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../app';
import { createDeps } from '../create-deps';
import type { TAppDeps } from '../deps';
import { type TTestApp, testConfig } from './test-app';

/** An app instance that really listens (for socket.io tests), with its base URL. */
export type TLiveApp = { app: FastifyInstance; deps: TAppDeps; url: string; close(): Promise<void> };

async function listen(app: FastifyInstance, deps: TAppDeps): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  await deps.realtime.attach(app.server);
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Makes a test app listen on 127.0.0.1 at a free port with live updates attached; answers its URL. */
export function listenLive(t: TTestApp): Promise<string> {
  return listen(t.app, t.deps);
}

/**
 * A second instance of the app on the same database as `t` (as behind a load balancer), listening with live
 * updates. `env` adds settings such as REDIS_URL. Close it before `t`.
 */
export async function createSiblingApp(t: TTestApp, env: NodeJS.ProcessEnv = {}): Promise<TLiveApp> {
  const log = pino({ level: 'silent' });
  const deps = await createDeps(testConfig(env), t.database.db, log);
  const app = await buildApp(deps, log);
  const url = await listen(app, deps);
  return {
    app,
    deps,
    url,
    async close() {
      await deps.realtime.close();
      await deps.actors.close();
      await app.close();
      await deps.mailer.close();
      await deps.limiter.close();
    },
  };
}
