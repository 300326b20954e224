import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import { API_PREFIX, msgServerBusy } from '@cpq/contracts';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema';
import { createPlatform, signedInUser } from '../testing/factories';
import { listenLive } from '../testing/live-app';
import { createTestApp, type TTestApp } from '../testing/test-app';
import { until } from '../testing/wait';

/** Over every threshold from the first sample on: the heap's allowed share is a few bytes. */
const OVERLOADED = {
  LOAD_SHEDDING: '1',
  SHED_HEAP_FRACTION: '0.000000001',
  SHED_SAMPLE_MS: '10',
  SHED_RETRY_AFTER_S: '3',
};

describe('load shedding under pressure', () => {
  let t: TTestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await createTestApp({ env: OVERLOADED, logStream, logLevel: 'warn' });
    // The plugin's first sample, after which the heap is over its (tiny) share.
    await until(() => t.app.memoryUsage().heapUsed > 0);
  });
  afterAll(() => t.close());

  it('answers API calls 503 with Retry-After and a message in words, before doing any of the work', async () => {
    const pid = (await createPlatform(t.database.db)).id;
    const admin = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 5, pid });
    const before = await t.database.db.$count(customers);
    const response = await t.call('customerManagement/createCustomer', { input: { erpId: 'SHED-1' } }, admin.token);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.json()).toEqual({
      success: false,
      code: 'SERVER_BUSY',
      error: 'The server is busy; try again in 3 seconds.',
    });
    expect(msgServerBusy(3)).toBe('The server is busy; try again in 3 seconds.');
    expect(await t.database.db.$count(customers)).toBe(before);
  });

  it('tells the operator which signal sheds calls, once per window rather than once per call', async () => {
    for (let call = 0; call < 3; call += 1) {
      expect((await t.call('auth/login', { username: 'nobody', password: 'x' })).statusCode).toBe(503);
    }
    const warnings = logLines.map((line) => JSON.parse(line)).filter((entry) => /^shedding API calls/.test(entry.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      signal: expect.stringMatching(/^(eventLoopDelay|heapUsedBytes)$/),
      msg: 'shedding API calls: the server is overloaded',
    });
  });

  it('keeps answering the health check and the web app, and lets the live-update socket connect', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/Login' })).statusCode).not.toBe(503);
    const { token } = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1 });
    const url = await listenLive(t);
    const socket = connect(url, { path: '/socket', transports: ['websocket'], reconnection: false, auth: { token } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      // The polling transport is served by socket.io too, never shed.
      const polling = await fetch(`${url}/socket/?EIO=4&transport=polling`);
      expect(polling.status).toBe(200);
    } finally {
      socket.disconnect();
    }
  });
});

describe('load shedding by calls in progress', () => {
  let t: TTestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOAD_SHEDDING: '1', SHED_MAX_IN_FLIGHT: '1' } });
    url = await listenLive(t);
    // A sample of the event loop taken while the app's build held it (an infinite delay when no tick fell in the
    // window) sheds every call until the next sample: only the calls in progress are under test here.
    await until(() => t.app.memoryUsage().heapUsed > 0 && !t.app.isUnderPressure(), { what: 'a quiet sample' });
  });
  afterAll(() => t.close());

  const forgot = () =>
    fetch(`${url}${API_PREFIX}/auth/forgotPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody@example.com' }),
    });

  it('sheds a call while the limit of calls is in progress, and admits calls again once it ends', async () => {
    expect((await forgot()).status).toBe(200);
    // A call held in progress: its body never finishes arriving.
    const held = httpRequest(`${url}${API_PREFIX}/auth/forgotPassword`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '100' },
    });
    held.on('error', () => undefined);
    held.write('{"username":');
    await until(async () => (await forgot()).status === 503, { what: 'a call shed behind the held one' });
    const shed = await forgot();
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('2');
    expect(await shed.json()).toMatchObject({ code: 'SERVER_BUSY', error: msgServerBusy(2) });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    held.destroy();
    await until(async () => (await forgot()).status === 200, { what: 'calls admitted after the held one ended' });
  });
});

describe('load shedding without pressure', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOAD_SHEDDING: '1' } });
    // Past the build's own samples (see above): the calls measure the app at rest.
    await until(() => t.app.memoryUsage().heapUsed > 0 && !t.app.isUnderPressure(), { what: 'a quiet sample' });
  });
  afterAll(() => t.close());

  it('admits every call with the default thresholds', async () => {
    const admin = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 5 });
    for (let index = 0; index < 5; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/customerManagement/getCustomers`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { limit: 5 },
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('is off with LOAD_SHEDDING=0, whatever the thresholds', async () => {
    const off = await createTestApp({ env: { ...OVERLOADED, LOAD_SHEDDING: '0' } });
    try {
      expect(off.app.hasDecorator('memoryUsage')).toBe(false);
      const response = await off.call('auth/forgotPassword', { username: 'nobody@example.com' });
      expect(response.statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
