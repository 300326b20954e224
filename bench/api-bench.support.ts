/**
 * What the API benchmarks share: the real app on a scratch PostgreSQL database (created, and dropped at the end
 * unless BENCH_KEEP_DB is set), and timing a route through `inject` so that validation, auth, queries and
 * serialisation all count.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { API_PREFIX } from '@cpq/contracts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/create-deps';
import { openDatabase, type TDatabase } from '../apps/server/src/db/client';
import type { TAppDeps } from '../apps/server/src/deps';
import { testConfig } from '../apps/server/src/testing/test-app';

export const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARM_UPS = 10;

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export type TBenchApp = {
  app: FastifyInstance;
  database: TDatabase;
  tokenSecret: Uint8Array;
  deps: TAppDeps;
};

/** Runs `body` with the URL of a fresh PostgreSQL database, dropped afterwards unless BENCH_KEEP_DB is set. */
export async function withScratchDatabase(body: (url: string) => Promise<void>): Promise<void> {
  const name = `cpq_bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await body(url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

/**
 * Runs `body` against the real app on the database `options` open, then closes the app and the database; `env`
 * adds settings to the test configuration (load shedding, for example).
 */
export async function withAppOn(
  options: Parameters<typeof openDatabase>[0],
  body: (bench: TBenchApp) => Promise<void>,
  env: NodeJS.ProcessEnv = {},
): Promise<void> {
  const database = await openDatabase(options);
  const log = pino({ level: 'silent' });
  const deps = await createDeps(testConfig(env), database.db, log);
  const app = await buildApp(deps, log);
  try {
    await body({ app, database, tokenSecret: deps.config.tokenSecret, deps });
  } finally {
    await app.close();
    await deps.realtime.close();
    await deps.actors.close();
    await deps.mailer.close();
    await deps.limiter.close();
    await database.close();
  }
}

/** Runs `body` against the real app on a fresh PostgreSQL database, dropped at the end. */
export function withScratchApp(body: (bench: TBenchApp) => Promise<void>): Promise<void> {
  return withScratchDatabase((url) => withAppOn({ url, pgliteDir: '' }, body));
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Seconds since `started`, for the seeding lines. */
export const secondsSince = (started: number): string => ((performance.now() - started) / 1000).toFixed(1);

export const printTableHeader = (): void =>
  console.log('kind                                   p50 ms   p95 ms   max ms   last answer');

/**
 * Calls `path` REQUESTS times (after 10 warm-ups, which also fill the caches) with the body for each index and
 * prints p50/p95/max and what `summarise` says of the last answer; any non-200 answer stops the benchmark.
 */
export async function timeRoute(
  app: FastifyInstance,
  token: string,
  kind: string,
  path: string,
  body: (i: number) => Record<string, unknown>,
  summarise: (result: unknown) => string,
): Promise<void> {
  const times: number[] = [];
  let last = '';
  for (let i = 0; i < REQUESTS + WARM_UPS; i += 1) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/${path}`,
      headers: { authorization: `Bearer ${token}` },
      payload: body(i),
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== 200) throw new Error(`${kind}: ${response.statusCode} ${response.body}`);
    if (i >= WARM_UPS) times.push(elapsed);
    last = summarise(response.json().result);
  }
  times.sort((x, y) => x - y);
  const cells = [50, 95, 100].map((p) => percentile(times, p).toFixed(1).padStart(8)).join(' ');
  console.log(`${kind.padEnd(36)} ${cells}   ${last}`);
}
