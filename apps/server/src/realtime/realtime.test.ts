import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { signedInUser } from '../testing/factories';
import { createSiblingApp, listenLive } from '../testing/live-app';
import { createTestApp, type TTestApp } from '../testing/test-app';

type TOnline = { id: number; username: string; firstName: string; lastName: string };

const REDIS_URL = process.env.REDIS_URL;
let t: TTestApp;
let url: string;
const sockets: Socket[] = [];

function open(baseUrl: string, options: { auth?: object; query?: Record<string, string> } = {}): Socket {
  const socket = connect(baseUrl, { path: '/socket', transports: ['websocket'], reconnection: false, ...options });
  sockets.push(socket);
  return socket;
}

/** Resolves with the first `userevent` list that satisfies `isWanted` (register before causing it). */
function presence(socket: Socket, isWanted: (users: TOnline[]) => boolean): Promise<TOnline[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching userevent within 5 s')), 5000);
    const handle = (payload: { users: TOnline[] }) => {
      if (!isWanted(payload.users)) return;
      clearTimeout(timer);
      socket.off('userevent', handle);
      resolve(payload.users);
    };
    socket.on('userevent', handle);
  });
}

const ids = (list: TOnline[]) => list.map((user) => user.id).sort((a, b) => a - b);
const sameIds = (expected: number[]) => (list: TOnline[]) =>
  JSON.stringify(ids(list)) === JSON.stringify([...expected].sort((a, b) => a - b));

function refusal(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.on('connect', () => reject(new Error('connected without a valid token')));
    socket.on('connect_error', (error) => resolve(error.message));
  });
}

async function member(pid: string, fields: { firstName?: string } = {}) {
  return signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid, ...fields });
}

beforeAll(async () => {
  t = await createTestApp({ env: REDIS_URL ? { REDIS_URL } : {} });
  url = await listenLive(t);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

describe('realtime: authentication', () => {
  it('refuses sockets without a token, with a bad one, or with the token in the URL', async () => {
    expect(await refusal(open(url))).toBe('UNAUTHENTICATED');
    expect(await refusal(open(url, { auth: { token: 'not-a-token' } }))).toBe('UNAUTHENTICATED');
    const { token } = await member(`rt-${randomUUID().slice(0, 8)}`);
    expect(await refusal(open(url, { query: { token } }))).toBe('UNAUTHENTICATED');
  });

  it('refuses a revoked session', async () => {
    const { token } = await member(`rt-${randomUUID().slice(0, 8)}`);
    expect((await t.call('auth/logout', {}, token)).statusCode).toBe(200);
    expect(await refusal(open(url, { auth: { token } }))).toBe('UNAUTHENTICATED');
  });
});

describe('realtime: presence', () => {
  it("lists the platform's online users as they connect and disconnect, once per user", async () => {
    const pid = `rt-${randomUUID().slice(0, 8)}`;
    const ann = await member(pid, { firstName: 'Ann' });
    const bob = await member(pid, { firstName: 'Bob' });
    const stranger = await member(`rt-${randomUUID().slice(0, 8)}`);

    const annSocket = open(url, { auth: { token: ann.token } });
    const first = await presence(annSocket, sameIds([ann.user.id]));
    expect(first[0]).toEqual({ id: ann.user.id, username: ann.user.username, firstName: 'Ann', lastName: 'Level1' });

    const withBob = presence(annSocket, sameIds([ann.user.id, bob.user.id]));
    const bobSocket = open(url, { auth: { token: bob.token } });
    await withBob;

    // A second tab of Bob's and a user of another platform change nothing in Ann's list.
    const secondTab = open(url, { auth: { token: bob.token } });
    await presence(secondTab, sameIds([ann.user.id, bob.user.id]));
    const strangerSocket = open(url, { auth: { token: stranger.token } });
    expect(ids(await presence(strangerSocket, () => true))).toEqual([stranger.user.id]);

    secondTab.disconnect();
    const stillBob = await presence(annSocket, () => true);
    expect(ids(stillBob)).toEqual(ids([...first, { id: bob.user.id } as TOnline]));

    const withoutBob = presence(annSocket, sameIds([ann.user.id]));
    bobSocket.disconnect();
    await withoutBob;
  });

  it('takes userevent isLoggedIn from the client and ignores what it does not understand', async () => {
    const pid = `rt-${randomUUID().slice(0, 8)}`;
    const ann = await member(pid);
    const bob = await member(pid);
    const annSocket = open(url, { auth: { token: ann.token } });
    await presence(annSocket, sameIds([ann.user.id]));
    const bobSocket = open(url, { auth: { token: bob.token } });
    await presence(annSocket, sameIds([ann.user.id, bob.user.id]));

    bobSocket.emit('userevent', 'garbage');
    bobSocket.emit('userevent', { isLoggedIn: 'no' });
    bobSocket.emit('contentchange', { activeOrders: 1, numItemsUpdated: 2 });
    bobSocket.emit('whatever', { x: 1 });

    const signedOut = presence(annSocket, sameIds([ann.user.id]));
    bobSocket.emit('userevent', { isLoggedIn: false });
    await signedOut;
    expect(bobSocket.connected).toBe(true);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bob.user.id));
    expect(row?.isLoggedIn).toBe(false);

    const back = presence(annSocket, sameIds([ann.user.id, bob.user.id]));
    bobSocket.emit('userevent', { isLoggedIn: true });
    await back;
  });

  it('follows sign-out through the API', async () => {
    const pid = `rt-${randomUUID().slice(0, 8)}`;
    const ann = await member(pid);
    const bob = await member(pid);
    const annSocket = open(url, { auth: { token: ann.token } });
    await presence(annSocket, sameIds([ann.user.id]));
    open(url, { auth: { token: bob.token } });
    await presence(annSocket, sameIds([ann.user.id, bob.user.id]));
    const gone = presence(annSocket, sameIds([ann.user.id]));
    const body = { id: bob.user.id, input: { isLoggedIn: false } };
    expect((await t.call('userManagement/updateUser', body, bob.token)).statusCode).toBe(200);
    await gone;
  });
});

describe('realtime: shutdown', () => {
  it('closes live sockets when the server closes instead of waiting for the browsers to leave', async () => {
    const own = await createTestApp();
    try {
      const ownUrl = await listenLive(own);
      const { token } = await signedInUser(own.database.db, own.deps.config.tokenSecret);
      const socket = open(ownUrl, { auth: { token } });
      await presence(socket, () => true);
      const closed = new Promise((resolve) => socket.on('disconnect', resolve));
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('app.close() hung')), 5000));
      await Promise.race([own.app.close(), timeout]);
      await closed;
    } finally {
      await own.close();
    }
  });
});

// Needs Redis: runs when REDIS_URL is set (CI and this machine set it), skipped otherwise.
describe.skipIf(!REDIS_URL)('realtime: two instances sharing Redis', () => {
  it("sees users connected to the other instance and each other's events", async () => {
    const sibling = await createSiblingApp(t, { REDIS_URL });
    try {
      const pid = `rt-${randomUUID().slice(0, 8)}`;
      const ann = await member(pid);
      const bob = await member(pid);
      const annSocket = open(url, { auth: { token: ann.token } });
      await presence(annSocket, sameIds([ann.user.id]));

      const joined = presence(annSocket, sameIds([ann.user.id, bob.user.id]));
      const bobSocket = open(sibling.url, { auth: { token: bob.token } });
      expect(ids(await presence(bobSocket, sameIds([ann.user.id, bob.user.id])))).toHaveLength(2);
      await joined;

      const left = presence(bobSocket, sameIds([bob.user.id]));
      annSocket.disconnect();
      await left;
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await sibling.close();
    }
  });
});
