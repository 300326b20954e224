/**
 * Load shedding: the real app on PostgreSQL under closed-loop clients (each connection sends its next call as soon
 * as the last is answered: sign in from its own address, then list customers). First, with shedding off, the
 * connection count doubles from 4 until throughput stops rising (less than 10% more): saturation is the last count
 * that still raised it. Then SHED_SECONDS (default 20) at twice that count, with shedding off and on, each on a
 * fresh app over the same database. Prints, per run, the throughput of admitted (200) calls, their p50/p99
 * latency, the share answered 503 and any other failures, and the app's event loop (delay, busy share). Clients run
 * in a worker thread, so their work does not queue on the app's event loop; a shed client waits out Retry-After
 * before its next call, as the web app does.
 *
 *   npx tsx bench/shedding.bench.ts     (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres;
 *                                        SHED_SECONDS, STEP_SECONDS, the app's SHED_* settings, and
 *                                        SHED_CONNECTIONS to skip the search and load with that many)
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { API_PREFIX } from '@cpq/contracts';
import { createPlatform, createUser, signedInUser } from '../apps/server/src/testing/factories';
import { percentile, withAppOn, withScratchDatabase } from './api-bench.support';

const SHED_SECONDS = Number(process.env.SHED_SECONDS ?? 20);
const STEP_SECONDS = Number(process.env.STEP_SECONDS ?? 8);

type TLoad = { base: string; connections: number; seconds: number; username: string; password: string; token: string };
type TSample = { status: number; ms: number };

/** The clients: `connections` loops of fetch in a worker thread, answering every call's status and latency. */
const CLIENT = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { base, prefix, connections, seconds, username, password, token, offset } = workerData;
const samples = [];
let address = offset;
const deadline = performance.now() + seconds * 1000;
async function send(path, body, bearer) {
  const n = address++;
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': '10.' + ((n >> 16) & 255) + '.' + ((n >> 8) & 255) + '.' + (n & 255) };
  if (bearer) headers.authorization = 'Bearer ' + bearer;
  const started = performance.now();
  try {
    const response = await fetch(base + prefix + '/' + path, { method: 'POST', headers, body: JSON.stringify(body) });
    await response.arrayBuffer();
    samples.push([response.status, performance.now() - started]);
    // As the web app does: a shed call waits out Retry-After before the connection sends again.
    if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after') || 1)));
  } catch {
    samples.push([0, performance.now() - started]);
  }
}
async function loop() {
  while (performance.now() < deadline) {
    await send('auth/login', { username, password });
    if (performance.now() >= deadline) break;
    await send('customerManagement/getCustomers', { limit: 12 }, token);
  }
}
Promise.all(Array.from({ length: connections }, loop)).then(() => parentPort.postMessage(samples));
`;

let offset = 0;

/** The app's event loop during a run: mean and p99 delay, and the share of time it was busy. */
type TLoop = { meanDelayMs: number; p99DelayMs: number; utilization: number };

async function runClients(load: TLoad): Promise<TSample[] & { loop?: TLoop }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const startElu = performance.eventLoopUtilization();
  const samples: TSample[] & { loop?: TLoop } = await runWorker(load);
  histogram.disable();
  samples.loop = {
    meanDelayMs: Math.max(0, histogram.mean / 1e6 - 10),
    p99DelayMs: Math.max(0, histogram.percentile(99) / 1e6 - 10),
    utilization: performance.eventLoopUtilization(startElu).utilization,
  };
  return samples;
}

function runWorker(load: TLoad): Promise<TSample[]> {
  const workerData = { ...load, prefix: API_PREFIX, offset };
  // Each run signs in from addresses no earlier run used, so the per-address sign-in limit never answers 429.
  offset += 1_000_000;
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData });
    worker.once('message', (rows: [number, number][]) => {
      resolve(rows.map(([status, ms]) => ({ status, ms })));
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

type TFigures = {
  admittedPerSecond: number;
  p50: number;
  p99: number;
  shedShare: number;
  failed: number;
  loop: TLoop | undefined;
};

function figuresOf(samples: TSample[] & { loop?: TLoop }, seconds: number): TFigures {
  const admitted = samples
    .filter((sample) => sample.status === 200)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const shed = samples.filter((sample) => sample.status === 503).length;
  return {
    admittedPerSecond: admitted.length / seconds,
    p50: percentile(admitted, 50),
    p99: percentile(admitted, 99),
    shedShare: samples.length === 0 ? 0 : shed / samples.length,
    failed: samples.length - admitted.length - shed,
    loop: samples.loop,
  };
}

const line = (label: string, f: TFigures) =>
  console.log(
    `${label.padEnd(34)} admitted ${f.admittedPerSecond.toFixed(0).padStart(5)} req/s; admitted p50 ` +
      `${f.p50.toFixed(0).padStart(5)} ms, p99 ${f.p99.toFixed(0).padStart(5)} ms; 503 ${(100 * f.shedShare).toFixed(1).padStart(5)}%; ` +
      `other failures ${f.failed}` +
      (f.loop
        ? `; event loop: delay mean ${f.loop.meanDelayMs.toFixed(0)} ms, p99 ${f.loop.p99DelayMs.toFixed(0)} ms, busy ${(100 * f.loop.utilization).toFixed(0)}%`
        : ''),
  );

type TAccounts = Omit<TLoad, 'base' | 'connections' | 'seconds'>;

/** The app with `env` on `url`, listening; `body` gets its base URL. */
function withListeningApp(
  url: string,
  env: NodeJS.ProcessEnv,
  body: (base: string, bench: Parameters<Parameters<typeof withAppOn>[1]>[0]) => Promise<void>,
) {
  return withAppOn(
    { url, pgliteDir: '' },
    async (bench) => {
      await bench.app.listen({ host: '127.0.0.1', port: 0 });
      await body(`http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`, bench);
    },
    env,
  );
}

async function findSaturation(url: string, accounts: TAccounts): Promise<number> {
  let saturation = 4;
  await withListeningApp(url, { LOAD_SHEDDING: '0' }, async (base) => {
    let best = 0;
    for (let connections = 4; connections <= 256; connections *= 2) {
      const f = figuresOf(await runClients({ ...accounts, base, connections, seconds: STEP_SECONDS }), STEP_SECONDS);
      line(`step: ${connections} connections`, f);
      if (f.admittedPerSecond < best * 1.1) break;
      best = f.admittedPerSecond;
      saturation = connections;
    }
  });
  return saturation;
}

async function main(): Promise<void> {
  await withScratchDatabase(async (url) => {
    let accounts: TAccounts | undefined;
    await withAppOn({ url, pgliteDir: '' }, async ({ app, database, tokenSecret }) => {
      const pid = (await createPlatform(database.db)).id;
      const admin = await signedInUser(database.db, tokenSecret, { roleLevel: 5, pid });
      const { user, password } = await createUser(database.db, { roleLevel: 1, pid });
      for (let index = 0; index < 40; index += 1) {
        await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/customerManagement/createCustomer`,
          headers: { authorization: `Bearer ${admin.token}` },
          payload: { input: { erpId: `SHED-${index}`, firstName: `Customer ${index}` } },
        });
      }
      accounts = { username: user.username, password, token: admin.token };
    });
    if (!accounts) throw new Error('seeding failed');
    const fixed = Number(process.env.SHED_CONNECTIONS ?? 0);
    const saturation = fixed > 0 ? fixed / 2 : await findSaturation(url, accounts);
    const connections = saturation * 2;
    console.log(`saturation: ${saturation} connections; overload runs at ${connections} for ${SHED_SECONDS} s each`);
    const shedEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('SHED_')));
    for (const [label, env] of [
      ['shedding off', { LOAD_SHEDDING: '0' }],
      ['shedding on', { LOAD_SHEDDING: '1', ...shedEnv }],
    ] as const) {
      await withListeningApp(url, env, async (base) => {
        const samples = await runClients({ ...accounts!, base, connections, seconds: SHED_SECONDS });
        line(`${label}, ${connections} connections`, figuresOf(samples, SHED_SECONDS));
      });
    }
  });
}

await main();
