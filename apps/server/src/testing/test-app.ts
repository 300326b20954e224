import { API_PREFIX, type TRequestOf, type TRoutePath } from '@cpq/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type TConfig } from '../config';
import { createDeps } from '../create-deps';
import type { TDatabase } from '../db/client';
import type { TAppDeps } from '../deps';
import { createLogger } from '../lib/logger';
import { seedDemoData } from '../seed/seed';
import { openTestDatabase } from './test-database';

export type TTestApp = {
  app: FastifyInstance;
  deps: TAppDeps;
  database: TDatabase;
  /** Calls a route as the API client would; `token` signs the call in. */
  call<P extends TRoutePath>(path: P, body: TRequestOf<P> | unknown, token?: string): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export const TEST_TOKEN_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** A test configuration: quiet logs, a fixed token secret, nothing written outside the test's database. */
export function testConfig(overrides: NodeJS.ProcessEnv = {}): TConfig {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TOKEN_SECRET: TEST_TOKEN_SECRET,
    // Tests play the proxy: they set X-Forwarded-For to stand for many clients.
    TRUST_PROXY: 'true',
    PUBLIC_URL: 'http://cpq.test',
    DATA_DIR: '/tmp/cpq-test-data',
    // Shared by every test: a diagram one test (or an older engine under development) stored must not answer another.
    MODEL_COMPILE_STORE: '0',
    // Tests run due jobs themselves (deps.jobs.drain()), so what a test asserts never races a background worker.
    JOBS_WORKER: '0',
    // A busy test machine must not shed a test's calls; the load-shedding tests turn it on.
    LOAD_SHEDDING: '0',
    ...overrides,
  });
}

/**
 * Builds the real app on a fresh database. `seed` loads the demo data; `clock`, `mailer` and `payments` (the card
 * gateway) replace the real ones;
 * `logStream` receives the app's JSON log lines (to check that no secret is ever logged).
 */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: NodeJS.ProcessEnv;
    clock?: () => Date;
    mailer?: TAppDeps['mailer'];
    payments?: TAppDeps['payments'];
    logStream?: NodeJS.WritableStream;
    /** The log level with a `logStream` (default trace). */
    logLevel?: string;
    /** Replaces the model compiler (to count its compiles). */
    compiler?: TAppDeps['compiler'];
    /** Another app's database, for a second app on it (a restart); left open by `close`. */
    database?: TDatabase;
  } = {},
): Promise<TTestApp> {
  const database = options.database ?? (await openTestDatabase());
  if (options.seed) await seedDemoData(database.db);
  const config = testConfig(options.env);
  const log = createLogger(options.logStream ? (options.logLevel ?? 'trace') : 'silent', options.logStream);
  const deps = await createDeps(config, database.db, log, {
    clock: options.clock,
    mailer: options.mailer,
    payments: options.payments,
    compiler: options.compiler,
  });
  const app = await buildApp(deps, log);
  await app.ready();
  return {
    app,
    deps,
    database,
    call: (path, body, token) =>
      app.inject({
        method: 'POST',
        url: `${API_PREFIX}/${path}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: body as object,
      }),
    async close() {
      await app.close();
      await deps.realtime.close();
      await deps.actors.close();
      await deps.mailer.close();
      await deps.limiter.close();
      if (!options.database) await database.close();
    },
  };
}
