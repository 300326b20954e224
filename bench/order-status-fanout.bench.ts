/**
 * Order-status fan-out: how soon every open screen hears of an order's new status. Two server instances (child
 * processes running apps/server/src/main.ts, as behind a load balancer) share a scratch PostgreSQL database and
 * Redis (the socket.io adapter). FANOUT_SOCKETS (default 1,000) socket.io clients connect, half to each instance,
 * with the session tokens of the demo platform's users (several tabs each); then an administrator changes an order's
 * status FANOUT_CHANGES times (default 50, after 3 warm-ups) through instance A's HTTP API, one change at a time,
 * the next once every socket has the event or 2 s have passed. Delivery latency runs from just before the HTTP
 * request is sent to the moment each socket's handler runs; the HTTP answer time is printed beside it, and so is
 * delivery counted from the answer (negative: the event came first, as it is published right after the commit).
 * Prints p50/p95/p99/max, missed deliveries and the target (p99 under 200 ms); asserts nothing about timings.
 *
 * All clients live in this one process, so the last socket of a round also waits for this process to handle the
 * others' events: the figures include that client-side queueing, as a crowd of browsers on one machine would not.
 *
 *   npx tsx bench/order-status-fanout.bench.ts   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres,
 *                                                 REDIS_URL to redis://127.0.0.1:6379)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { API_PREFIX, SOCKET_PATH, type TContentChange } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client';
import { quotes, statusTypes, users } from '../apps/server/src/db/schema';
import { tokenFor } from '../apps/server/src/testing/factories';
import { percentile, secondsSince, withScratchDatabase } from './api-bench.support';

const SOCKETS = Number(process.env.FANOUT_SOCKETS ?? 1000);
const CHANGES = Number(process.env.FANOUT_CHANGES ?? 50);
const WARM_UPS = 3;
const ROUND_TIMEOUT_MS = 2000;
const CONNECT_BATCH = 25;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TOKEN_SECRET = `bench-${randomUUID()}-long-enough-for-hs256`;
const PID = 'default';
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

type TInstance = { name: 'A' | 'B'; url: string; child: ChildProcess };
type TClient = { instance: TInstance['name']; socket: Socket; arrivals: Map<number, number> };
type TRound = { sentAt: number; answeredAt: number; version: number };

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** Starts `main.ts` as a production server on a free port; resolves once it listens. */
async function startInstance(name: TInstance['name'], databaseUrl: string, dataDir: string): Promise<TInstance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    TOKEN_SECRET,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: name === 'A' ? '1' : '0',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`instance ${name} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`instance ${name} exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('Open CPQ is running')) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return { name, url, child };
}

/** Stops an instance as a deployment would (SIGTERM); one that does not exit cleanly is reported. */
async function stopInstance(instance: TInstance): Promise<void> {
  if (instance.child.exitCode !== null) return;
  const exited = once(instance.child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  const [code, signal] = await exited;
  clearTimeout(timer);
  if (code !== 0) console.log(`instance ${instance.name} did not shut down cleanly: exit ${code ?? signal}`);
}

function openClient(instance: TInstance, token: string, presence: { last: number; count: number }): Promise<TClient> {
  const socket = connect(instance.url, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  const client: TClient = { instance: instance.name, socket, arrivals: new Map() };
  socket.on('contentchange', (change: TContentChange) => {
    const version = change.activeOrders[0]?.version;
    if (version !== undefined && !client.arrivals.has(version)) client.arrivals.set(version, performance.now());
  });
  socket.on('userevent', () => {
    presence.last = performance.now();
    presence.count += 1;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(client));
    socket.once('connect_error', reject);
  });
}

/** Connects SOCKETS clients, alternating instances and tokens, CONNECT_BATCH at a time; then waits for quiet. */
async function connectClients(instances: TInstance[], tokens: string[]): Promise<TClient[]> {
  const presence = { last: performance.now(), count: 0 };
  const started = performance.now();
  const clients: TClient[] = [];
  for (let first = 0; first < SOCKETS; first += CONNECT_BATCH) {
    const batch = Array.from({ length: Math.min(CONNECT_BATCH, SOCKETS - first) }, (_, offset) => first + offset);
    const opened = batch.map((i) => openClient(instances[i % 2]!, tokens[i % tokens.length]!, presence));
    clients.push(...(await Promise.all(opened)));
  }
  const connectedIn = secondsSince(started);
  // Every connect broadcasts the platform's online users; let that settle so it does not colour the rounds.
  while (performance.now() - presence.last < 1000) await new Promise((resolve) => setTimeout(resolve, 100));
  console.log(
    `connected ${clients.length} sockets in ${connectedIn} s; presence settled after ${secondsSince(started)} s (${presence.count} userevent messages received)`,
  );
  return clients;
}

async function setStatus(instance: TInstance, token: string, id: number, statusTypeId: number): Promise<TRound> {
  const sentAt = performance.now();
  const response = await fetch(`${instance.url}${API_PREFIX}/quoteManagement/setOrderStatus`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ id, statusTypeId }),
  });
  const answeredAt = performance.now();
  const body = (await response.json()) as { result?: { version: number } };
  if (!response.ok || !body.result) throw new Error(`setOrderStatus: ${response.status} ${JSON.stringify(body)}`);
  return { sentAt, answeredAt, version: body.result.version };
}

async function awaitDeliveries(clients: TClient[], round: TRound): Promise<void> {
  while (performance.now() - round.sentAt < ROUND_TIMEOUT_MS) {
    if (clients.every((client) => client.arrivals.has(round.version))) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const row = (label: string, values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const cells = [50, 95, 99, 100].map((p) => percentile(sorted, p).toFixed(1).padStart(8)).join(' ');
  console.log(`${label.padEnd(44)} ${cells}`);
};

function report(clients: TClient[], rounds: TRound[]): void {
  const delivery = { all: [] as number[], A: [] as number[], B: [] as number[], afterAnswer: [] as number[] };
  let missed = 0;
  for (const round of rounds) {
    for (const client of clients) {
      const arrival = client.arrivals.get(round.version);
      if (arrival === undefined) {
        missed += 1;
        continue;
      }
      delivery.all.push(arrival - round.sentAt);
      delivery[client.instance].push(arrival - round.sentAt);
      delivery.afterAnswer.push(arrival - round.answeredAt);
    }
  }
  console.log(`\n${'kind'.padEnd(44)}   p50 ms   p95 ms   p99 ms   max ms`);
  row('delivery from request sent, all sockets', delivery.all);
  row('  sockets on instance A (took the request)', delivery.A);
  row('  sockets on instance B (through Redis)', delivery.B);
  row(
    'HTTP answer of setOrderStatus',
    rounds.map((round) => round.answeredAt - round.sentAt),
  );
  row('delivery counted from the HTTP answer', delivery.afterAnswer);
  const p99 = percentile(
    [...delivery.all].sort((x, y) => x - y),
    99,
  );
  console.log(`missed deliveries: ${missed} of ${rounds.length * clients.length}`);
  console.log(`target: p99 delivery under 200 ms: ${p99 < 200 ? 'met' : 'NOT met'} (p99 ${p99.toFixed(1)} ms)`);
}

/** The demo platform's users' tokens, its administrator's, an order of its and two status types to alternate. */
async function prepare(databaseUrl: string) {
  const database = await openDatabase({ url: databaseUrl, pgliteDir: '' });
  try {
    const db = database.db;
    const secret = new TextEncoder().encode(TOKEN_SECRET);
    const demo = await db.select().from(users).where(eq(users.pid, PID));
    const admin = demo.find((user) => user.username === 'admin@demo.opencpq.dev');
    if (!admin) throw new Error('the demo administrator is missing: was the database seeded?');
    const [order] = await db
      .insert(quotes)
      .values({
        guid: randomUUID(),
        pid: PID,
        type: 2,
        name: 'Fan-out bench',
        createdByUserId: admin.id,
        createdByEmail: admin.username,
        totalCost: '1234.50',
        dateOrderPlaced: new Date(),
      })
      .returning();
    const statuses = await db
      .insert(statusTypes)
      .values(['In production', 'Shipped'].map((name) => ({ pid: PID, name, roleLevel: 5 })))
      .returning();
    return {
      tokens: await Promise.all(demo.map((user) => tokenFor(db, secret, user))),
      adminToken: await tokenFor(db, secret, admin),
      orderId: order!.id,
      statusIds: statuses.map((status) => status.id),
    };
  } finally {
    await database.close();
  }
}

await withScratchDatabase(async (databaseUrl) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cpq-fanout-'));
  const instances: TInstance[] = [];
  let clients: TClient[] = [];
  try {
    instances.push(await startInstance('A', databaseUrl, dataDir));
    instances.push(await startInstance('B', databaseUrl, dataDir));
    const setup = await prepare(databaseUrl);
    console.log(
      `order-status fan-out: instances A and B (child processes) on PostgreSQL sharing Redis; ${SOCKETS} sockets, ` +
        `half on each, with the tokens of ${setup.tokens.length} demo users of platform '${PID}'; ` +
        `${CHANGES} status changes (after ${WARM_UPS} warm-ups) through A's HTTP API`,
    );
    clients = await connectClients(instances, setup.tokens);
    const rounds: TRound[] = [];
    for (let i = 0; i < WARM_UPS + CHANGES; i += 1) {
      const statusTypeId = setup.statusIds[i % 2]!;
      const round = await setStatus(instances[0]!, setup.adminToken, setup.orderId, statusTypeId);
      await awaitDeliveries(clients, round);
      if (i >= WARM_UPS) rounds.push(round);
    }
    report(clients, rounds);
  } finally {
    for (const client of clients) client.socket.disconnect();
    for (const instance of instances) await stopInstance(instance);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
