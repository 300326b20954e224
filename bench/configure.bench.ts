/**
 * The configure step over HTTP under load: the real app listening on a local port, 50 connections each on its own
 * configuration session, every request a real change (each connection alternates between two values of one
 * option), measured with autocannon for
 *   (a) the Renault Megane model (XCSP, imported with the engine's importXcsp and saved through the app's service),
 *   (b) a demo model (the bicycle),
 * both asked for as the configurator page asks (Accept-Encoding: the app answers with brotli; each step names the
 * revision of the state the page shows, so the answer is the changes from it: 0.6-0.8 KB for a Megane step, 2.7 KB
 * for the whole state), and Megane once more without compression (4.1-5.8 KB, 57 KB whole),
 * beside a bare Fastify POST route measured in the same run on the same machine, in two load shapes:
 *   - paced: the 50 sessions together send BENCH_RATE requests per second (default 100, one change per session
 *     every half second, well under saturation; the bare route gets the same rate) on a fixed schedule: the
 *     latency one user sees while 50 sessions work at once. This is what the target is about.
 *   - saturation: a closed loop with no think time (each connection sends its next request as soon as the last is
 *     answered): the throughput ceiling; its latency is mostly queueing (about 50 x the service time).
 * Each measurement is preceded by a warm-up of the same load (BENCH_WARMUP seconds, default 3) whose figures are
 * printed on their own line, never mixed into the measurement: a route's first second or two of load runs before
 * V8 has optimised its code for the model's shapes (on Megane most of the slowest 1% of a 10 s window fell in its
 * first 1.5 s), and the target is about the steady state a running server is in. A paced warm-up is itself preceded
 * by BENCH_PRIME seconds (default 5) of the same load in a closed loop: at 100 requests a second V8 optimises the
 * request path only 40-50 s into the load, and a server that has been up a while is past that (0 measures a
 * server fresh from its start). With the prime, every route of a shape, the bare one too, is first run once as it
 * is then measured (a rehearsal, its figures not kept), so that none is measured first: the first one measured
 * did worst, whichever it was (see measureRoutes). One load-generator worker runs every load, so that its code is
 * as warm as the server's.
 * Prints p50/p99 latency and requests per second for each, the ratios to the bare route and the time inside the
 * server (p50/p99), on the embedded database (PGlite) and, when DATABASE_URL is set, also on PostgreSQL (a scratch
 * database, dropped at the end); and, from setting up the sessions, how long a start of each product took.
 * Target: p99 <= 5 ms (paced), an absolute figure; the bare route is printed beside it to read the machine by.
 * Read the paced figures knowing that on this kind of VM the same work takes longer the longer the machine idled
 * before it (bench/idle-penalty.bench.ts prints that penalty), so the server's time per step falls as the rate rises.
 *
 * Run it as `npm run bench -- configure`, which starts it with the server's V8 settings (see bench/run.ts).
 *
 *   npx tsx bench/configure.bench.ts   (BENCH_SECONDS per measurement, default 10; BENCH_WARMUP, 3;
 *                                       BENCH_PRIME, 5; BENCH_CONNECTIONS, 50;
 *                                       BENCH_RATE, 100; BENCH_SHAPES, paced,saturation;
 *                                       DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres)
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  constants,
  type NodeGCPerformanceDetail,
  type PerformanceEntry,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { API_PREFIX, type TProductView, type TStartResult } from '@cpq/contracts';
import { importXcsp } from '@cpq/engine';
import { inArray } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { CompiledModels } from '../apps/server/src/compiler/compiled-models';
import type { TModelCompiler } from '../apps/server/src/compiler/model-compiler';
import type { TDb } from '../apps/server/src/db/client';
import { configurations } from '../apps/server/src/db/schema';
import { resolveActor } from '../apps/server/src/http/actor';
import { DEMO_MODELS_DIR } from '../apps/server/src/modules/products/demo-models';
import { saveModel } from '../apps/server/src/modules/products/product-models.service';
import { createPlatform, createUser } from '../apps/server/src/testing/factories';
import { percentile, withAppOn, withScratchApp } from './api-bench.support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * What Chromium sends, as every browser sends some: the app answers it with brotli (Megane's 57 KB answer in
 * 2.1 KB). The Megane load is also measured without it (a client that asks for no coding gets the plain JSON).
 */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 3);
/**
 * Seconds of the same load as fast as it goes (a closed loop) before each paced warm-up: a server that has been up a
 * while runs optimised code on every request's path, and a paced load alone gets there only after 40-50 s
 * (V8 optimises by how often code runs, and 100 requests a second is slow for that; seen with --trace-opt on the
 * request path's Fastify, security-header and configure functions). Its figures are not printed.
 */
const PRIME_SECONDS = Number(process.env.BENCH_PRIME ?? 5);

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 100);

/** A load shape: a closed loop at saturation, or the connections together at a fixed overall rate. */
type TShape = { name: 'paced' | 'saturation'; overallRate?: number };

/** Whether a load of `shape` is primed (see PRIME_SECONDS): the paced ones, unless BENCH_PRIME is 0. */
const isPrimed = (shape: Pick<TShape, 'overallRate'>): boolean => shape.overallRate !== undefined && PRIME_SECONDS > 0;
const SHAPES: TShape[] = [{ name: 'paced' as const, overallRate: RATE }, { name: 'saturation' as const }].filter(
  (shape) => (process.env.BENCH_SHAPES ?? 'paced,saturation').split(',').includes(shape.name),
);

/**
 * One configuration session of the load: a connection's own, alternating `optionId` between two values. Each step
 * says which state the client shows (`basedOn`, the configuration's revision), as the browser does, so each answer
 * is the changes from it; `revision` is the revision the session is at before the load.
 */
type TSessionLoad = { sessionId: string; optionId: string; values: [string, string]; revision: number };

/** The part of autocannon's result used here (the package ships no types). */
type TResult = {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
const require = createRequire(import.meta.url);

/** The server's garbage collections of one kind in one measurement: how many, and the longest pause. */
type TKindPauses = { count: number; longest: number };

/** The server's garbage collections in one measurement, by kind (V8's scavenges, and the full mark-compacts). */
type TPauses = { minor: TKindPauses; major: TKindPauses };

/**
 * A route's figures: as the client saw them, the time inside the server (p50, p99) of the same requests, and the
 * collections that paused the server meanwhile.
 */
type TFigures = { name: string; result: TResult; server: { p50: number; p99: number }; gc: TPauses };

/**
 * The pauses of the server's thread for garbage collection (its own isolate: the load generator's workers collect
 * on theirs). Every one stops whatever request is running and holds up those that arrive meanwhile, so a p99 of
 * 1,000 requests can be set by a handful of them; they are printed beside the figures of each measurement.
 */
function recordPauses(): PerformanceEntry[] {
  const entries: PerformanceEntry[] = [];
  new PerformanceObserver((list) => entries.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
  return entries;
}
const gcPauses = recordPauses();

/**
 * The pauses recorded since the last call, emptying the list. The observer is handed its entries later than the
 * collection itself; a turn of the event loop first lets those still queued arrive.
 */
async function takePauses(): Promise<TPauses> {
  await new Promise((resolve) => setImmediate(resolve));
  const taken = gcPauses.splice(0);
  const of = (kind: number): TKindPauses => {
    const durations = taken
      // A gc entry's detail (its kind) is not in @types/node's PerformanceEntry.
      .filter((entry) => (entry as PerformanceEntry & { detail?: NodeGCPerformanceDetail }).detail?.kind === kind)
      .map((entry) => entry.duration);
    return { count: durations.length, longest: Math.max(0, ...durations) };
  };
  return { minor: of(constants.NODE_PERFORMANCE_GC_MINOR), major: of(constants.NODE_PERFORMANCE_GC_MAJOR) };
}

/** A measurement's pauses for the table: the count and longest pause (ms) of each kind that happened. */
function describePauses(pauses: TPauses): string {
  const kinds = (['minor', 'major'] as const).filter((kind) => pauses[kind].count > 0);
  return kinds.map((kind) => `${kind} ${pauses[kind].count} (${pauses[kind].longest.toFixed(1)})`).join(', ') || 'none';
}

/**
 * Records each answered request's time inside the server (Fastify's elapsedTime: from its arrival to the end of
 * the answer), so that the printout separates the server's work from the machine's (client, loopback, scheduling).
 */
function recordServerTimes(app: FastifyInstance): number[] {
  const times: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    times.push(reply.elapsedTime);
  });
  return times;
}

/** The p50 and p99 of `times`, emptying it for the next measurement. */
function takeQuantiles(times: number[]): { p50: number; p99: number } {
  const sorted = times.splice(0).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/**
 * What the load generator runs: `sessions[i]` is connection i's configuration session (without sessions, `body`
 * to `url` over and over); with `overallRate` the paced generator, else autocannon's closed loop.
 */
type TLoad = {
  url: string;
  headers: Record<string, string>;
  body?: string;
  sessions: TSessionLoad[];
  overallRate?: number;
  seconds: number;
};

/** A load's figures, and the revision each of its sessions was at when it ended. */
type TLoadResult = { result: TResult; revisions: Record<string, number> };

/**
 * The sessions' steps, for both load generators (plain JavaScript): a step's body names the revision of the state
 * its session shows, and each stored step (a 2xx) makes the next revision (the configurations table's trigger adds
 * one on every update). After every load the revisions counted are checked against the table (runSessions), so
 * a step that did not answer the changes it was meant to cannot pass unseen.
 */
const SESSION_STEPS = `
const stepBody = (session, value) =>
  JSON.stringify({ sessionId: session.sessionId, id: session.optionId, value, basedOn: session.revision });
const stepped = (session) => { session.revision += 1; };
const revisionsOf = (sessions) => Object.fromEntries(sessions.map((session) => [session.sessionId, session.revision]));
`;

/**
 * The load generator, run in a worker thread so that it does not share the server's event loop (it would otherwise
 * take a good part of the time it measures): one worker for the whole run, which runs each load it is sent and
 * answers its figures, so that its own code is as warm in a measurement as the server's (a new worker per load
 * sends its first requests from code V8 has not optimised yet; the paced figures did not move measurably either
 * way, 2026-12-02). Plain JavaScript: the worker needs nothing but autocannon.
 *
 * closedLoop is autocannon's closed loop. paced is the paced generator: each of the connections is one session that
 * sends its next request on a fixed schedule (every connections / rate seconds, the sessions staggered evenly), or
 * at once if its previous answer came late (a user waits for the answer before the next click). Latency is from
 * send to the answer's end. autocannon's own rate limit is not used: it releases each second's quota in one burst,
 * which is saturation again.
 */
const LOAD_GENERATOR = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const autocannon = require(workerData.autocannon);
${SESSION_STEPS}
function closedLoop({ url, connections, seconds, headers, body, sessions }) {
  const target = new URL(url);
  let next = 0;
  const options = {
    url,
    connections,
    duration: seconds,
    method: 'POST',
    headers,
    body,
    setupClient: (client) => {
      const session = sessions[next++ % Math.max(1, sessions.length)];
      if (!session) return;
      // The body is built as each request goes (it names the revision); autocannon cannot decode a compressed
      // answer, so each 2xx counts as the step it stored.
      client.setRequests(session.values.map((value) => ({
        method: 'POST',
        path: target.pathname,
        headers,
        setupRequest: (request) => ({ ...request, body: stepBody(session, value) }),
        onResponse: (status) => { if (status >= 200 && status < 300) stepped(session); },
      })));
    },
  };
  // Inside a worker autocannon answers raw histograms: they are aggregated here.
  return autocannon(options).then((raw) => ({
    result: autocannon.aggregateResult([raw], options),
    revisions: revisionsOf(sessions),
  }));
}
async function paced({ url, connections, seconds, overallRate, headers, body, sessions }) {
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const interval = (connections / overallRate) * 1000;
  const latencies = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  /** Sends one request; true when it was answered 2xx. */
  const send = (text) => new Promise((resolve) => {
    const sentAt = performance.now();
    const options = { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers, agent };
    const req = http.request(options, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - sentAt);
        const isOk = res.statusCode >= 200 && res.statusCode < 300;
        if (!isOk) non2xx += 1;
        resolve(isOk);
      });
    });
    req.on('error', () => { errors += 1; resolve(false); });
    req.end(text);
  });
  const run = async (i) => {
    const session = sessions.length > 0 ? sessions[i % sessions.length] : null;
    let next = started + (i * interval) / connections;
    for (let n = 0; ; n += 1) {
      const wait = next - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() >= end) return;
      if (!session) await send(body);
      else if (await send(stepBody(session, session.values[n % 2]))) stepped(session);
      next += interval;
    }
  };
  await Promise.all(Array.from({ length: connections }, (_, i) => run(i)));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? Number.NaN;
  const average = latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length);
  const latency = { p50: at(50), p99: at(99), average, max: at(100) };
  const result = { latency, requests: { total: latencies.length }, duration: seconds, non2xx, errors, timeouts: 0 };
  return { result, revisions: revisionsOf(sessions) };
}
parentPort.on('message', async (load) => {
  parentPort.postMessage(load.overallRate ? await paced(load) : await closedLoop(load));
});
`;

/** The load generator's worker, started by the first load (see LOAD_GENERATOR). */
let generator: Worker | null = null;

/** Runs one load on the load generator, one load at a time. */
function runLoad(load: TLoad): Promise<TLoadResult> {
  generator ??= new Worker(LOAD_GENERATOR, { eval: true, workerData: { autocannon: require.resolve('autocannon') } });
  const worker = generator;
  // The worker posts nothing but each load's outcome (autocannon posts only from workers of its own).
  return new Promise((resolve, reject) => {
    const onOutcome = (outcome: TLoadResult) => {
      worker.off('error', reject);
      resolve(outcome);
    };
    worker.once('message', onOutcome).once('error', reject);
    worker.postMessage({ ...load, connections: CONNECTIONS });
  });
}

/** Stops the load generator's worker, so that the process can end. */
async function stopLoadGenerator(): Promise<void> {
  await generator?.terminate();
  generator = null;
}

/** The revision the table has for each of `ids`, once the server has written every step it was sent. */
async function storedRevisions(db: TDb, ids: string[]): Promise<Map<string, number>> {
  const read = async () => {
    const rows = await db
      .select({ id: configurations.id, revision: configurations.revision })
      .from(configurations)
      .where(inArray(configurations.id, ids));
    return new Map(rows.map((row) => [row.id, row.revision]));
  };
  // A load ends with steps still in the server: read until two reads 50 ms apart agree.
  let last = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = await read();
    if (ids.every((id) => now.get(id) === last.get(id))) return now;
    last = now;
  }
}

/**
 * Runs a load, then moves its sessions on to the revisions the table has, after checking those against the ones
 * counted: a session whose steps stopped naming the state it showed would have had whole answers (57 KB for
 * Megane). The table may be one step ahead: autocannon stops with a request in flight and never reads its answer.
 */
async function runSessions(load: TLoad, db: TDb | null): Promise<TResult> {
  const { result, revisions } = await runLoad(load);
  if (load.sessions.length === 0 || !db) return result;
  const ids = load.sessions.map((session) => session.sessionId);
  const stored = await storedRevisions(db, ids);
  const gap = (id: string) => (stored.get(id) ?? Number.NaN) - (revisions[id] ?? Number.NaN);
  const astray = ids.filter((id) => gap(id) !== 0 && gap(id) !== 1);
  if (astray.length > 0) throw new Error(`${astray.length} sessions' steps did not follow the table's revisions`);
  for (const session of load.sessions) session.revision = stored.get(session.sessionId) ?? session.revision;
  return result;
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

/**
 * `CONNECTIONS` new sessions of a product, one per connection, each to alternate `optionId` between `values`, and
 * how long each start took (one after another, the product's model compiled already).
 */
async function startSessions(
  url: string,
  token: string,
  productId: number,
  optionId: string,
  values: [string, string],
): Promise<{ sessions: TSessionLoad[]; startTimes: number[] }> {
  const sessions: TSessionLoad[] = [];
  const startTimes: number[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) {
    const body = { configurationId: randomUUID(), productId };
    const sentAt = performance.now();
    const started = await post<TStartResult>(url, 'configurator/start', body, token);
    startTimes.push(performance.now() - sentAt);
    sessions.push({ sessionId: started.prepare.sessionId, optionId, values, revision: started.revision });
  }
  return { sessions, startTimes: startTimes.sort((a, b) => a - b) };
}

/** What one route measured: after the warm-up, and in the warm-up. */
type TWarmFigures = TFigures & { warmup: TFigures };

/**
 * Runs `load` for the warm-up, then for the measurement; the server times of each are taken apart (`serverTimes`
 * is the route's app's list, emptied here).
 */
async function measureWarm(
  name: string,
  load: Omit<TLoad, 'seconds'>,
  serverTimes: number[],
  db: TDb | null,
): Promise<TWarmFigures> {
  if (isPrimed(load)) {
    await runSessions({ ...load, overallRate: undefined, seconds: PRIME_SECONDS }, db);
  }
  serverTimes.length = 0;
  await takePauses();
  const warm = await runSessions({ ...load, seconds: WARMUP_SECONDS }, db);
  const warmup = {
    name: `  its first ${WARMUP_SECONDS} s (warm-up)`,
    result: warm,
    server: takeQuantiles(serverTimes),
    gc: await takePauses(),
  };
  const result = await runSessions({ ...load, seconds: SECONDS }, db);
  return { name, result, server: takeQuantiles(serverTimes), gc: await takePauses(), warmup };
}

/** A route measured: its name, its load (but the shape and duration), its app's server times and its database. */
type TRoute = { name: string; load: Omit<TLoad, 'seconds' | 'overallRate'>; serverTimes: number[]; db: TDb | null };

/**
 * A bare Fastify POST route answering the same envelope, for the machine's own ceiling, listening until `close`.
 */
async function startBare(): Promise<TRoute & { close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.post('/bare', async () => ({ success: true, result: { ok: true } }));
  const serverTimes = recordServerTimes(bare);
  const url = await listen(bare);
  const body = JSON.stringify({ sessionId: randomUUID(), id: 'frame', value: 'alu' });
  const headers = { 'content-type': 'application/json', 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  const load = { url: `${url}/bare`, headers, body, sessions: [] };
  return { name: 'bare Fastify POST route', load, serverTimes, db: null, close: () => bare.close() };
}

/**
 * Measures every route in `shape`, in order. A primed shape first rehearses them all (each as it is then measured:
 * prime, warm-up and measurement, figures not kept), so that none is measured as the first of its shape: the first
 * paced configure load measured always did worst, whichever it was (the load generator's and the server's paced
 * paths were still being optimised, seen with --trace-opt), and each load measured again after all of them had
 * run did better (2026-12-03, two runs: Megane's p99 2.6 and 2.5 ms the first time, 1.6 and 2.0 ms the second).
 * The bare route is rehearsed too, so the ratios are to a route as warm as the others: measured first it had a p99
 * of 1.0-1.5 ms (five runs), after the rehearsal 0.5-0.6 ms (five runs).
 */
async function measureRoutes(routes: TRoute[], shape: TShape): Promise<TWarmFigures[]> {
  const measureAll = async () => {
    const figures: TWarmFigures[] = [];
    for (const { name, load, serverTimes, db } of routes) {
      figures.push(await measureWarm(name, { ...load, overallRate: shape.overallRate }, serverTimes, db));
    }
    return figures;
  };
  if (isPrimed(shape)) await measureAll();
  return measureAll();
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

const perSecond = (result: TResult) => result.requests.total / result.duration;

/** `value / base` for the table, or `-` when the base rounds to 0 (autocannon's whole milliseconds at saturation). */
const ratio = (value: number, base: number): string => (base > 0 ? (value / base).toFixed(2) : '-');

/** Prints one shape's table; the target's verdict only for the paced shape, which is what the target is about. */
function print(title: string, figures: TWarmFigures[], bare: TWarmFigures, isPaced: boolean): void {
  console.log(`\n${title}; latency in ms`);
  console.log(
    'route                                       p50      p99    req/s  p99 x bare  p50 x bare  errors  server p50/p99' +
      '  server GC: count (longest ms)',
  );
  // A warm-up line is compared with the bare route's warm-up.
  const rows = [bare, ...figures].flatMap((figure) => [
    { ...figure, base: bare.result },
    { ...figure.warmup, base: bare.warmup.result },
  ]);
  for (const { name, result, server, gc, base } of rows) {
    const failures = result.non2xx + result.errors + result.timeouts;
    const cells = [
      result.latency.p50.toFixed(1).padStart(7),
      result.latency.p99.toFixed(1).padStart(8),
      String(Math.round(perSecond(result))).padStart(8),
      ratio(result.latency.p99, base.latency.p99).padStart(11),
      ratio(result.latency.p50, base.latency.p50).padStart(11),
      String(failures).padStart(7),
      `${server.p50.toFixed(2)}/${server.p99.toFixed(2)}`.padStart(15),
      `  ${describePauses(gc)}`,
    ];
    console.log(`${name.padEnd(40)} ${cells.join(' ')}`);
  }
  if (!isPaced) return;
  for (const { name, result } of figures) {
    console.log(`${name}: target p99 <= 5 ms: ${result.latency.p99 <= 5 ? 'met' : 'missed'}`);
  }
}

type TRunning = { app: FastifyInstance; db: TDb; tokenSecret: Uint8Array; compiler: TModelCompiler };

/** Seeds the two products on a running app and measures both shapes on it. */
async function measureOn(label: string, { app, db, tokenSecret, compiler }: TRunning): Promise<void> {
  const serverTimes = recordServerTimes(app);
  const url = await listen(app);
  const pid = (await createPlatform(db)).id;
  const admin = (await createUser(db, { roleLevel: 5, pid })).user;
  const { user, password } = await createUser(db, { roleLevel: 1, pid });
  const { token } = await post<{ token: string }>(url, 'auth/login', { username: user.username, password });
  const adminToken = (await post<{ token: string }>(url, 'auth/login', { username: admin.username, password })).token;
  const actor = await resolveActor(db, tokenSecret, `Bearer ${adminToken}`, new Date());
  if (!actor) throw new Error('The admin session does not resolve');

  const configurable = async (name: string, model: Record<string, unknown>): Promise<number> => {
    const input = { Name: name, ProductNumber: `B-${randomUUID().slice(0, 6)}`, isNonConfigurable: false };
    const product = await post<TProductView>(url, 'productManagement/createProduct', { input }, adminToken);
    await saveModel({ db, actor, ip: '127.0.0.1', compiler, models: new CompiledModels(compiler) }, product.ID, model);
    return product.ID;
  };
  const xml = readFileSync(join(DEMO_MODELS_DIR, 'xcsp/renault-megane.xcsp.xml'), 'utf8');
  const megane = await configurable('Renault Megane', importXcsp(xml) as unknown as Record<string, unknown>);
  const bicycleJson = readFileSync(join(DEMO_MODELS_DIR, 'bicycle.json'), 'utf8');
  const bicycle = await configurable('Bicycle', JSON.parse(bicycleJson) as Record<string, unknown>);
  const configureUrl = `${url}${API_PREFIX}/configurator/configure`;
  const routes: TRoute[] = [];
  for (const [name, productId, acceptEncoding] of [
    ['configure, Renault Megane', megane, BROWSER_ACCEPT_ENCODING],
    ['configure, bicycle demo model', bicycle, BROWSER_ACCEPT_ENCODING],
    ['configure, Megane, uncompressed', megane, null],
  ] as const) {
    const [optionId, values] = await alternatingOption(url, token, productId);
    const { sessions, startTimes } = await startSessions(url, token, productId, optionId, values);
    // The uncompressed load starts the same product as the first: its starts are not printed again.
    if (acceptEncoding) {
      const figures = `p50 ${percentile(startTimes, 50).toFixed(1)} ms, p99 ${percentile(startTimes, 99).toFixed(1)} ms`;
      console.log(`${name.replace('configure', 'start')}: ${figures} over ${startTimes.length} starts in a row`);
    }
    const headers: Record<string, string> = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    routes.push({ name: `${name} (${optionId})`, load: { url: configureUrl, headers, sessions }, serverTimes, db });
  }

  const bare = await startBare();
  try {
    for (const shape of SHAPES) {
      const [bareFigures, ...figures] = await measureRoutes([bare, ...routes], shape);
      if (!bareFigures) throw new Error(`No bare figures for ${shape.name}`);
      const how = shape.overallRate
        ? `paced: ${shape.overallRate} req/s over ${CONNECTIONS} sessions`
        : `saturation: ${CONNECTIONS} connections, closed loop`;
      const primed = isPrimed(shape) ? `a rehearsal of every route, ${PRIME_SECONDS} s of closed loop and ` : '';
      const title = `${label}, ${how}, ${SECONDS} s each after ${primed}${WARMUP_SECONDS} s of warm-up`;
      print(title, figures, bareFigures, shape.overallRate !== undefined);
    }
  } finally {
    await bare.close();
  }
  console.log(`load average after ${label}: ${loadAverage()}`);
}

function onEmbedded(): Promise<void> {
  return withAppOn({ pgliteDir: 'memory://' }, ({ app, database, tokenSecret, deps }) =>
    measureOn('embedded database (PGlite)', { app, db: database.db, tokenSecret, compiler: deps.compiler }),
  );
}

function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

console.log(
  `load average at start: ${loadAverage()} (${availableParallelism()} cores); node ${process.execArgv.join(' ')}`,
);
try {
  await onEmbedded();
  if (process.env.DATABASE_URL) {
    await withScratchApp(({ app, database, tokenSecret, deps }) =>
      measureOn('PostgreSQL', { app, db: database.db, tokenSecret, compiler: deps.compiler }),
    );
  }
} finally {
  await stopLoadGenerator();
}
console.log(
  `\nload average at end: ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
