/**
 * The configure step over HTTP under load: the real app on the embedded database (PGlite) listening on a local
 * port, 50 connections each on its own configuration session, every request a real change (each connection
 * alternates between two values of one option), measured with autocannon for
 *   (a) the Renault Megane model (XCSP, imported with the engine's importXcsp and saved through the app's service),
 *   (b) a demo model (the bicycle),
 * beside a bare Fastify POST route measured in the same run on the same machine. Prints p50/p99 latency and
 * requests per second for each, and the ratio to the bare route. Target: p99 <= 5 ms and within 2x of the bare
 * route.
 *
 *   npx tsx bench/configure.bench.ts        (BENCH_SECONDS per measurement, default 10; BENCH_CONNECTIONS, 50)
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { API_PREFIX, type TProductView, type TStartResult } from '@cpq/contracts';
import { importXcsp } from '@cpq/engine';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app';
import { createDeps } from '../apps/server/src/create-deps';
import { openDatabase } from '../apps/server/src/db/client';
import { resolveActor } from '../apps/server/src/http/actor';
import { DEMO_MODELS_DIR } from '../apps/server/src/modules/products/demo-models';
import { saveModel } from '../apps/server/src/modules/products/product-models.service';
import { createPlatform, createUser } from '../apps/server/src/testing/factories';
import { testConfig } from '../apps/server/src/testing/test-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/** The requests and the part of autocannon's result used here (the package ships no types). */
type TRequest = { method: 'POST'; path: string; headers: Record<string, string>; body: string };
type TResult = {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
const require = createRequire(import.meta.url);

type TFigures = { name: string; result: TResult };

/** What the load generator runs: `requests[i]` is connection i's cycle of requests (one session each). */
type TLoad = { url: string; headers: Record<string, string>; body: string; requests: TRequest[][] };

/**
 * The load generator, run in a worker thread so that it does not share the server's event loop (it would otherwise
 * take a good part of the time it measures). Plain JavaScript: the worker needs nothing but autocannon.
 */
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require(workerData.autocannon);
let next = 0;
const options = {
  url: workerData.url,
  connections: workerData.connections,
  duration: workerData.seconds,
  method: 'POST',
  headers: workerData.headers,
  body: workerData.body,
  setupClient: (client) => {
    const requests = workerData.requests[next++ % Math.max(1, workerData.requests.length)];
    if (requests) client.setRequests(requests);
  },
};
// Inside a worker autocannon answers raw histograms (and posts progress of its own): aggregate them here.
autocannon(options).then((raw) =>
  parentPort.postMessage({ kind: 'load-result', result: autocannon.aggregateResult([raw], options) }),
);
`;

function runLoad(load: TLoad): Promise<TResult> {
  const data = { ...load, connections: CONNECTIONS, seconds: SECONDS, autocannon: require.resolve('autocannon') };
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_GENERATOR, { eval: true, workerData: data });
    worker.on('message', (message: { kind?: string; result?: TResult }) => {
      if (message.kind === 'load-result' && message.result) resolve(message.result);
    });
    worker.once('error', reject);
  });
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}${API_PREFIX}/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await response.json()) as { success: boolean; result: T; error?: string };
  if (!json.success) throw new Error(`${path}: ${response.status} ${json.error}`);
  return json.result;
}

/** Measures the configure step: one session per connection, alternating `values` of `optionId`. */
async function measureConfigure(
  name: string,
  url: string,
  token: string,
  productId: number,
  optionId: string,
  values: [string, string],
): Promise<TFigures> {
  const sessions: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const started = await post<TStartResult>(
      url,
      'configurator/start',
      { configurationId: randomUUID(), productId },
      token,
    );
    sessions.push(started.prepare.sessionId);
  }
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const request = (sessionId: string, value: string): TRequest => ({
    method: 'POST',
    path: `${API_PREFIX}/configurator/configure`,
    headers,
    body: JSON.stringify({ sessionId, id: optionId, value }),
  });
  const requests = sessions.map((sessionId) => [request(sessionId, values[0]), request(sessionId, values[1])]);
  return { name, result: await runLoad({ url, headers, body: '{}', requests }) };
}

/** A bare Fastify POST route answering the same envelope, for the machine's own ceiling. */
async function measureBare(): Promise<TFigures> {
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ success: true, result: { ok: true } }));
  const url = await listen(bare);
  try {
    const body = JSON.stringify({ sessionId: randomUUID(), id: 'frame', value: 'alu' });
    const headers = { 'content-type': 'application/json' };
    const result = await runLoad({ url: `${url}/bare`, headers, body, requests: [] });
    return { name: 'bare Fastify POST route', result };
  } finally {
    await bare.close();
  }
}

/** An option of a model with two values both enabled in a fresh session (so alternating never conflicts). */
async function alternatingOption(url: string, token: string, productId: number): Promise<[string, [string, string]]> {
  const { ui } = await post<TStartResult>(
    url,
    'configurator/start',
    { configurationId: randomUUID(), productId },
    token,
  );
  for (const option of ui.Pages.flatMap((page) => page.Screens.flatMap((screen) => screen.ScreenOptions))) {
    const enabled = option.SelectableValues.filter((value) => value.IsEnabled).map((value) => value.Value);
    if (option.DisplayType !== 'checkbox' && enabled.length >= 2 && option.Value === '') {
      return [option.ID, [enabled[0] ?? '', enabled[1] ?? '']];
    }
  }
  throw new Error('No option with two enabled values');
}

function print(figures: TFigures[], bare: TFigures): void {
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each; latency in ms`);
  console.log('route                                     p50      p99     req/s   p99 x bare   req/s / bare  errors');
  const perSecond = (result: TResult) => result.requests.total / result.duration;
  for (const { name, result } of [bare, ...figures]) {
    const p99Ratio = result.latency.p99 / bare.result.latency.p99;
    const rpsRatio = perSecond(result) / perSecond(bare.result);
    const failures = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${name.padEnd(38)} ${result.latency.p50.toFixed(1).padStart(6)} ${result.latency.p99.toFixed(1).padStart(8)} ${Math.round(perSecond(result)).toString().padStart(9)} ${p99Ratio.toFixed(2).padStart(12)} ${rpsRatio.toFixed(3).padStart(14)} ${String(failures).padStart(7)}`,
    );
  }
  for (const { name, result } of figures) {
    const isMet = result.latency.p99 <= 5 && result.latency.p99 <= 2 * bare.result.latency.p99;
    console.log(`${name}: target p99 <= 5 ms and within 2x of the bare route: ${isMet ? 'met' : 'missed'}`);
  }
}

async function main(): Promise<void> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const log = pino({ level: 'silent' });
  const deps = await createDeps(testConfig(), database.db, log);
  const app = await buildApp(deps, log);
  try {
    const url = await listen(app);
    const pid = (await createPlatform(database.db)).id;
    const admin = (await createUser(database.db, { roleLevel: 5, pid })).user;
    const { user, password } = await createUser(database.db, { roleLevel: 1, pid });
    const { token } = await post<{ token: string }>(url, 'auth/login', { username: user.username, password });
    const adminToken = (await post<{ token: string }>(url, 'auth/login', { username: admin.username, password })).token;
    const actor = await resolveActor(database.db, deps.config.tokenSecret, `Bearer ${adminToken}`, new Date());
    if (!actor) throw new Error('The admin session does not resolve');

    const configurable = async (name: string, model: Record<string, unknown>): Promise<number> => {
      const input = { Name: name, ProductNumber: `B-${randomUUID().slice(0, 6)}`, isNonConfigurable: false };
      const product = await post<TProductView>(url, 'productManagement/createProduct', { input }, adminToken);
      await saveModel({ db: database.db, actor, ip: '127.0.0.1' }, product.ID, model);
      return product.ID;
    };
    const xml = readFileSync(join(DEMO_MODELS_DIR, 'xcsp/renault-megane.xcsp.xml'), 'utf8');
    const megane = await configurable('Renault Megane', importXcsp(xml) as unknown as Record<string, unknown>);
    const bicycleJson = readFileSync(join(DEMO_MODELS_DIR, 'bicycle.json'), 'utf8');
    const bicycle = await configurable('Bicycle', JSON.parse(bicycleJson) as Record<string, unknown>);

    const bare = await measureBare();
    const figures: TFigures[] = [];
    for (const [name, productId] of [
      ['configure, Renault Megane', megane],
      ['configure, bicycle demo model', bicycle],
    ] as const) {
      const [optionId, values] = await alternatingOption(url, token, productId);
      figures.push(await measureConfigure(`${name} (${optionId})`, url, token, productId, optionId, values));
    }
    print(figures, bare);
  } finally {
    await app.close();
    await deps.realtime.close();
    await deps.mailer.close();
    await deps.limiter.close();
    await database.close();
  }
}

await main();
