import { randomUUID } from 'node:crypto';
import { MSG, type TContentChange, type TQuote } from '@cpq/contracts';
import { eq, like } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, platforms, quotes, statusTypes } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatform, signedInUser } from '../../testing/factories';
import { createSiblingApp, listenLive } from '../../testing/live-app';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, trailRow } from '../audit/audit.test-support';
import { quoteCalls } from '../quotes/quotes.test-support';

const REDIS_URL = process.env.REDIS_URL;
let t: TTestApp;
let url: string;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let hingeId: number;
const sockets: Socket[] = [];

async function statusType(pid: string, name: string, roleLevel = 5): Promise<number> {
  const [row] = await t.database.db.insert(statusTypes).values({ pid, name, roleLevel }).returning();
  return row!.id;
}

/** An order of platform `a.pid` (a quote of its level-1 user with a line, made type 2 as placing it would). */
async function newOrder(fields: Partial<typeof quotes.$inferInsert> = {}): Promise<TQuote> {
  const quote = await calls.newQuote(a.token[1], { name: 'Shed roof' });
  resultOf(await calls.addLine(quote.id, hingeId, a.token[1], { quantity: 2 }));
  await t.database.db
    .update(quotes)
    .set({ type: 2, companyName: 'Acme Roofing', dateOrderPlaced: new Date(), ...fields })
    .where(eq(quotes.id, quote.id));
  return calls.getQuote(quote.id, a.token[1]);
}

const setStatus = (id: number, statusTypeId: number | null, token = a.token[5]) =>
  t.call('quoteManagement/setOrderStatus', { id, statusTypeId }, token);

const statusMails = (orderId: number) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `Order #${orderId}:%`));

function open(baseUrl: string, token: string): Promise<Socket> {
  const socket = connect(baseUrl, { path: '/socket', transports: ['websocket'], reconnection: false, auth: { token } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

/** Every contentchange a socket receives from now on. */
function collect(socket: Socket): TContentChange[] {
  const received: TContentChange[] = [];
  socket.on('contentchange', (payload: TContentChange) => received.push(payload));
  return received;
}

const until = async (check: () => boolean, timeoutMs = 5000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for contentchange');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
/** Long enough for an event that was published to have arrived on the loopback (it takes a few ms). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  t = await createTestApp({ env: REDIS_URL ? { REDIS_URL } : {} });
  url = await listenLive(t);
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  hingeId = (await calls.fixedProduct('38.50', a.token[5])).ID;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

describe('quoteManagement/setOrderStatus', () => {
  it('sets the status, bumps the version, audits it and mails the platform’s notification addresses', async () => {
    const order = await newOrder();
    const shipped = await statusType(a.pid, 'Shipped');
    const result = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/setOrderStatus', { id: order.id, statusTypeId: shipped }, a.token[5]),
    );
    expect(result).toMatchObject({ id: order.id, type: 2, statusTypeId: shipped, version: order.version + 1 });
    expect(result.lines).toHaveLength(1);
    expect((await changeEventsOf(t, 'quote', order.id)).at(-1)).toEqual(
      trailRow('quote.updated', a.pid, a.username[5], { fields: ['statusTypeId'] }),
    );
    const [mail, ...more] = await statusMails(order.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ pid: a.pid, to: [`orders@${a.pid}.example`], subject: `Order #${order.id}: Shipped` });
    for (const body of [mail?.textBody, mail?.htmlBody]) {
      expect(body).toContain('Acme Roofing');
      expect(body).toContain('Shed roof');
      expect(body).toContain('$77.00');
      expect(body).toContain(`http://cpq.test/Quote/${order.id}`);
    }
  });

  it('changes nothing, mails nothing and publishes nothing when the status is already the one asked for', async () => {
    const order = await newOrder();
    const packed = await statusType(a.pid, 'Packed');
    const first = resultOf<TQuote>(await setStatus(order.id, packed));
    const socket = await open(url, a.token[1]);
    const received = collect(socket);
    const again = resultOf<TQuote>(await setStatus(order.id, packed));
    expect(again.version).toBe(first.version);
    expect(await statusMails(order.id)).toHaveLength(1);
    await settle();
    expect(received).toEqual([]);
  });

  it('clears the status with null; the label falls back to the platform’s order-complete string', async () => {
    const pid = (await createPlatform(t.database.db, { csiOrderCompleteString: 'Complete' })).id;
    const admin = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 5, pid });
    const member = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid });
    const quote = await calls.newQuote(member.token);
    await t.database.db.update(quotes).set({ type: 2 }).where(eq(quotes.id, quote.id));
    const held = await statusType(pid, 'On hold');
    resultOf(await setStatus(quote.id, held, admin.token));
    const socket = await open(url, member.token);
    const received = collect(socket);
    const cleared = resultOf<TQuote>(await setStatus(quote.id, null, admin.token));
    expect(cleared.statusTypeId).toBeNull();
    await until(() => received.length === 1);
    expect(received[0]?.activeOrders[0]).toMatchObject({ id: quote.id, statusTypeId: null, status: 'Complete' });
    expect((await statusMails(quote.id)).map((mail) => mail.subject)).toEqual([
      `Order #${quote.id}: On hold`,
      `Order #${quote.id}: Complete`,
    ]);
  });

  it('offers only status types of the order’s platform at or below the caller’s level', async () => {
    const order = await newOrder();
    const superOnly = await statusType(a.pid, 'Written off', 9);
    const foreign = await statusType(a.otherPid, 'Shipped');
    expectFieldError(await setStatus(order.id, superOnly), 'statusTypeId', 'You cannot assign this status.');
    expectFailure(await setStatus(order.id, foreign), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await setStatus(order.id, foreign, a.token[9]), 'NOT_FOUND', MSG.notFound, 404);
    expect((await calls.getQuote(order.id, a.token[1])).version).toBe(order.version);
    expect(resultOf<TQuote>(await setStatus(order.id, superOnly, a.token[9])).statusTypeId).toBe(superOnly);
  });

  it('answers NOT_FOUND for another platform’s order and a missing one; level 9 reaches every platform', async () => {
    const order = await newOrder();
    const shipped = await statusType(a.pid, 'Shipped');
    expectFailure(await setStatus(order.id, shipped, a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await setStatus(999_999, shipped), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await setStatus(order.id, shipped, a.token[1]), 'FORBIDDEN', MSG.forbidden, 403);
    expect(await statusMails(order.id)).toEqual([]);
    const superOther = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 9, pid: a.otherPid });
    expect(resultOf<TQuote>(await setStatus(order.id, shipped, superOther.token)).statusTypeId).toBe(shipped);
  });

  it('refuses a quote that is not an order (409) and changes nothing', async () => {
    const quote = await calls.newQuote(a.token[1]);
    const shipped = await statusType(a.pid, 'Shipped');
    const body = expectFailure(await setStatus(quote.id, shipped), 'CONFLICT', MSG.notAnOrder, 409);
    expect(body.details).toEqual([{ path: 'id', message: MSG.notAnOrder }]);
    expect(await calls.getQuote(quote.id, a.token[1])).toMatchObject({ statusTypeId: null, version: quote.version });
    expect(await statusMails(quote.id)).toEqual([]);
  });

  it('mails no one when the platform has no notification addresses', async () => {
    const order = await newOrder();
    await t.database.db.update(platforms).set({ emailAddresses: [] }).where(eq(platforms.id, a.pid));
    try {
      resultOf(await setStatus(order.id, await statusType(a.pid, 'Shipped')));
      expect(await statusMails(order.id)).toEqual([]);
    } finally {
      await t.database.db
        .update(platforms)
        .set({ emailAddresses: [`orders@${a.pid}.example`] })
        .where(eq(platforms.id, a.pid));
    }
  });
});

describe('setOrderStatus: contentchange', () => {
  it('reaches open screens of the order’s platform after the commit, and no one of another platform', async () => {
    const order = await newOrder();
    const shipped = await statusType(a.pid, 'Shipped');
    const own = collect(await open(url, a.token[1]));
    const otherMember = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.otherPid });
    const other = collect(await open(url, otherMember.token));
    const result = resultOf<TQuote>(await setStatus(order.id, shipped));
    await until(() => own.length === 1);
    expect(own[0]).toEqual({
      activeOrders: [{ id: order.id, statusTypeId: shipped, status: 'Shipped', version: result.version }],
      numItemsUpdated: 1,
    });
    await settle();
    expect(other).toEqual([]);
    expect(own).toHaveLength(1);
  });

  it.skipIf(!REDIS_URL)('crosses to a second instance sharing Redis', async () => {
    const sibling = await createSiblingApp(t, { REDIS_URL });
    try {
      const order = await newOrder();
      const shipped = await statusType(a.pid, `Shipped ${randomUUID().slice(0, 4)}`);
      const onSibling = collect(await open(sibling.url, a.token[1]));
      const onThis = collect(await open(url, a.token[5]));
      const otherMember = await signedInUser(t.database.db, t.deps.config.tokenSecret, {
        roleLevel: 1,
        pid: a.otherPid,
      });
      const otherOnSibling = collect(await open(sibling.url, otherMember.token));
      resultOf(await setStatus(order.id, shipped));
      await until(() => onSibling.length === 1 && onThis.length === 1);
      expect(onSibling[0]?.activeOrders.map((change) => change.id)).toEqual([order.id]);
      await settle();
      expect(otherOnSibling).toEqual([]);
    } finally {
      for (const socket of sockets.splice(0)) socket.disconnect();
      await sibling.close();
    }
  });
});
