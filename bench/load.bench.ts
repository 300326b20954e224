/**
 * Load: mixed sign-in, list and update traffic through the real app on PostgreSQL. First a short run with many
 * connections measures saturation (requests per second); then LOAD_SECONDS (default 180) at half of it. Each
 * connection signs in, lists customers and updates its own customer with the version it last saw, so every
 * update must succeed: at the end each customer's version and name must match the updates answered 200 (0 lost
 * writes). Prints throughput, p50/p99 latency, errors and lost writes.
 *
 *   npx tsx bench/load.bench.ts     (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/postgres;
 *                                    LOAD_SECONDS, LOAD_CONNECTIONS, SATURATION_SECONDS)
 *
 * Works in a scratch database that it creates and drops.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@cpq/contracts';
import autocannon, { type TResult } from 'autocannon';
import { createPlatform, createUser, signedInUser } from '../apps/server/src/testing/factories';
import { withScratchApp } from './api-bench.support';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 180);
const SATURATION_SECONDS = Number(process.env.SATURATION_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
type TWrites = Map<number, { ok: number; lastName: string | null }>;

/**
 * One connection's cycle: sign in, list, update a customer at the version last answered. autocannon resets a
 * connection's context after each cycle, so customers come from a pool: a cycle takes one when it starts and puts
 * it back when its update is answered, so no two connections ever edit the same customer at once.
 */
function cycle(customers: number[], username: string, password: string, adminToken: string, writes: TWrites) {
  const free = [...customers];
  const versions = new Map(customers.map((id) => [id, 1]));
  let address = 0;
  const json = (token?: string) => ({
    'content-type': 'application/json',
    // The app trusts X-Forwarded-For here: each sign-in comes from its own address, as from many visitors.
    'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  });
  return [
    {
      method: 'POST',
      path: `${API_PREFIX}/auth/login`,
      setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
        context.customer = free.shift();
        return { ...request, headers: json(), body: JSON.stringify({ username, password }) };
      },
    },
    {
      method: 'POST',
      path: `${API_PREFIX}/customerManagement/getCustomers`,
      setupRequest: (request: Record<string, unknown>) => ({
        ...request,
        headers: json(adminToken),
        body: JSON.stringify({ limit: 12 }),
      }),
    },
    {
      method: 'POST',
      path: `${API_PREFIX}/customerManagement/updateCustomer`,
      setupRequest: (request: Record<string, unknown>, context: Record<string, unknown>) => {
        const id = context.customer as number;
        context.name = `Name ${randomBytes(4).toString('hex')}`;
        const body = { id, version: versions.get(id), input: { firstName: context.name } };
        return { ...request, headers: json(adminToken), body: JSON.stringify(body) };
      },
      onResponse: (status: number, body: string, context: Record<string, unknown>) => {
        const id = context.customer as number;
        if (status === 200) {
          versions.set(id, (JSON.parse(body) as { result: { version: number } }).result.version);
          const entry = writes.get(id) ?? { ok: 0, lastName: null };
          writes.set(id, { ok: entry.ok + 1, lastName: context.name as string });
        }
        free.push(id);
      },
    },
  ];
}

const show = (label: string, result: TResult) =>
  console.log(
    `${label}: ${result.requests.total} requests in ${result.duration.toFixed(0)} s = ${result.requests.average.toFixed(0)} req/s; ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms; ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  );

async function main(): Promise<void> {
  await withScratchApp(async ({ app, database, tokenSecret }) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const pid = (await createPlatform(database.db)).id;
    const admin = await signedInUser(database.db, tokenSecret, { roleLevel: 5, pid });
    const { user, password } = await createUser(database.db, { roleLevel: 1, pid });
    const create = async () => {
      const response = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/customerManagement/createCustomer`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { input: { erpId: `LOAD-${randomBytes(4).toString('hex')}` } },
      });
      return (response.json() as { result: { id: number } }).result.id;
    };

    const probe = await Promise.all(Array.from({ length: 64 }, create));
    const saturation = await autocannon({
      url: base,
      connections: 64,
      duration: SATURATION_SECONDS,
      requests: cycle(probe, user.username, password, admin.token, new Map()),
    });
    show(`saturation (64 connections, ${SATURATION_SECONDS} s)`, saturation);
    const rate = Math.max(1, Math.floor(saturation.requests.average / 2));

    const customers = await Promise.all(Array.from({ length: CONNECTIONS }, create));
    const writes: TWrites = new Map();
    const load = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      overallRate: rate,
      requests: cycle(customers, user.username, password, admin.token, writes),
    });
    show(`load at half of saturation (${rate} req/s, ${CONNECTIONS} connections, ${LOAD_SECONDS} s)`, load);

    let lost = 0;
    let updates = 0;
    for (const id of customers) {
      const response = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/customerManagement/getCustomer`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { id },
      });
      const stored = (response.json() as { result: { version: number; firstName: string | null } }).result;
      const expected = writes.get(id) ?? { ok: 0, lastName: null };
      updates += expected.ok;
      // Each customer starts at version 1 and every answered update raises it by exactly one.
      if (stored.version !== 1 + expected.ok || stored.firstName !== expected.lastName) lost += 1;
    }
    console.log(`updates answered 200: ${updates}; customers whose stored state misses an update: ${lost}`);
    console.log(
      `errors: ${load.errors + load.timeouts + load.non2xx}; lost writes: ${lost}; p99 ${load.latency.p99} ms`,
    );
    if (load.errors + load.timeouts + load.non2xx > 0 || lost > 0) process.exitCode = 1;
  });
}

await main();
