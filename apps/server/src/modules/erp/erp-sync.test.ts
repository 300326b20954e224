import { MSG, type TJob, type TQuote, type TRma } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCsiStandIn, type TCsiStandIn } from '../../adapters/erp/csi-stand-in.test-support';
import { jobs, platforms, quoteLines, quotes } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatform } from '../../testing/factories';
import { expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import type { TTestApp } from '../../testing/test-app';
import { drainUntil as drainJobsUntil } from '../../testing/wait';
import { quoteTestBed, type TQuoteTestBed } from '../quotes/quotes.test-support';
import { enqueueErpStatusPolls } from './erp-sync';

let t: TTestApp;
let a: TPlatformActors;
let calls: TQuoteTestBed['calls'];
let productId: number;
let csi: TCsiStandIn;

const RETRY_BASE_MS = 25;

beforeAll(async () => {
  csi = await startCsiStandIn();
  ({ t, a, calls, productId } = await quoteTestBed('80.00', {
    env: { JOBS_RETRY_BASE_MS: String(RETRY_BASE_MS), JOBS_MAX_ATTEMPTS: '12' },
  }));
  await t.deps.db.update(platforms).set({ integration: 'CSI' }).where(eq(platforms.id, a.pid));
  const { baseUrl, config, username, password } = csi.connection();
  resultOf(
    await t.call(
      'platformManagement/updateIntegrationSettings',
      { id: a.pid, erp: { baseUrl, config, username, password } },
      a.token[5],
    ),
  );
});
afterAll(async () => {
  await t.close();
  await csi.close();
});

/** Runs due jobs, again and again as their retries come due, until `isDone` or the rounds run out. */
const drainUntil = (isDone: () => Promise<boolean>) =>
  drainJobsUntil(t.deps.jobs, isDone, { intervalMs: RETRY_BASE_MS, rounds: 200 });

const jobOf = async (key: string) => (await t.deps.db.select().from(jobs).where(eq(jobs.key, key)))[0];

/** An order of a CSI customer (the ERP refuses an order without one). */
async function csiOrder(customer: string | null = 'C000042'): Promise<TQuote> {
  const quote = await calls.orderableQuote(productId, a.token[1]);
  await t.deps.db.update(quotes).set({ csiCustomerNumber: customer }).where(eq(quotes.id, quote.id));
  const fresh = await calls.getQuote(quote.id, a.token[1]);
  return resultOf<TQuote>(
    await t.call(
      'quoteManagement/placeOrder',
      { id: fresh.id, version: fresh.version, poNumber: 'PO-CSI' },
      a.token[1],
    ),
  );
}

describe('orders and RMAs in Infor CSI, through durable jobs', () => {
  it('sends a new order to CSI once, records its CoNum and status, and tells open screens', async () => {
    const publish = vi.spyOn(t.deps.realtime, 'publishContentChange');
    const before = csi.state.counts.ordersCreated;
    const order = await csiOrder();
    const key = `erp.submitOrder:${order.id}`;
    expect(await jobOf(key)).toMatchObject({ status: 'pending', pid: a.pid, subject: `Order #${order.id}` });
    // A 500 and a malformed answer on the way: retried, and still one order.
    csi.control.failNext(1, 'status500');
    csi.control.failNext(1, 'malformed');
    await drainUntil(async () => (await jobOf(key))?.status === 'done');
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 3 });
    expect(csi.state.counts.ordersCreated).toBe(before + 1);
    const recorded = await calls.getQuote(order.id, a.token[1]);
    expect(recorded.erpOrderNo).toMatch(/\S/);
    expect(recorded.csiStatus).toBe('Ordered');
    expect(publish).toHaveBeenCalledWith(a.pid, {
      activeOrders: [{ id: order.id, statusTypeId: null, status: 'Ordered', version: recorded.version }],
      numItemsUpdated: 1,
    });

    // The ERP ships it: the status poll records the change and publishes it.
    publish.mockClear();
    csi.control.setOrderStatus(recorded.erpOrderNo ?? '', 'C');
    // A CSI platform without its connection yet is not polled (a poll could only fail).
    const unconnected = await createPlatform(t.deps.db, { integration: 'CSI' });
    await enqueueErpStatusPolls(t.deps);
    const polls = await t.deps.db.select().from(jobs).where(eq(jobs.queue, 'erp.pollStatuses'));
    expect(polls.map((poll) => poll.pid)).toContain(a.pid);
    expect(polls.map((poll) => poll.pid)).not.toContain(unconnected.id);
    await t.deps.jobs.drain();
    const shipped = await calls.getQuote(order.id, a.token[1]);
    expect(shipped.csiStatus).toBe('Complete');
    expect(shipped.version).toBe(recorded.version + 1);
    expect(publish).toHaveBeenCalledWith(a.pid, {
      activeOrders: [{ id: order.id, statusTypeId: null, status: 'Complete', version: shipped.version }],
      numItemsUpdated: 1,
    });
    publish.mockRestore();
  });

  it('an optional line the customer left out is not ordered: CSI gets only the counted lines', async () => {
    const quote = await calls.orderableQuote(productId, a.token[1], 3);
    const leftOut = quote.lines?.[1];
    await t.deps.db.update(quoteLines).set({ optional: true, selected: false }).where(eq(quoteLines.id, leftOut!.id));
    await t.deps.db.update(quotes).set({ csiCustomerNumber: 'C000042' }).where(eq(quotes.id, quote.id));
    const fresh = await calls.getQuote(quote.id, a.token[1]);
    const order = resultOf<TQuote>(
      await t.call(
        'quoteManagement/placeOrder',
        { id: fresh.id, version: fresh.version, poNumber: 'PO-OPT' },
        a.token[1],
      ),
    );
    await drainUntil(async () => (await jobOf(`erp.submitOrder:${order.id}`))?.status === 'done');
    const recorded = await calls.getQuote(order.id, a.token[1]);
    const items = csi.state.rows.SLCoitems.filter((row) => row.CoNum === recorded.erpOrderNo);
    expect(items.map((row) => String(row.CoLine))).toEqual(['1', '2']);
  });

  it('a discounted order reaches CSI at its net prices: its lines add up to the order total to the cent', async () => {
    const quote = await calls.orderableQuote(productId, a.token[1], 2);
    const [first, second] = quote.lines ?? [];
    const lineInput = (id: number, input: Record<string, unknown>) =>
      t.call('quoteManagement/updateLine', { id, input }, a.token[1]);
    // 3 x 80.00 less 33.33% is 160.01; 80.00 less 12.5% is 70.00; less 7.5% of 230.01 (12.00 and 5.25).
    resultOf(await lineInput(first!.id, { quantity: 3, discountPercent: '33.33' }));
    resultOf(await lineInput(second!.id, { discountPercent: '12.5' }));
    const lined = await calls.getQuote(quote.id, a.token[1]);
    resultOf(
      await t.call(
        'quoteManagement/updateQuote',
        { id: lined.id, version: lined.version, input: { discountPercent: '7.5' } },
        a.token[1],
      ),
    );
    await t.deps.db.update(quotes).set({ csiCustomerNumber: 'C000042' }).where(eq(quotes.id, quote.id));
    const fresh = await calls.getQuote(quote.id, a.token[1]);
    expect(fresh.totalCost).toBe('212.7600');
    const order = resultOf<TQuote>(
      await t.call(
        'quoteManagement/placeOrder',
        { id: fresh.id, version: fresh.version, poNumber: 'PO-NET' },
        a.token[1],
      ),
    );
    await drainUntil(async () => (await jobOf(`erp.submitOrder:${order.id}`))?.status === 'done');
    const recorded = await calls.getQuote(order.id, a.token[1]);
    const items = csi.state.rows.SLCoitems.filter((row) => row.CoNum === recorded.erpOrderNo);
    // 148.01 over 3 is no whole-cent unit price: 2 at 49.34 and 1 at 49.33.
    expect(items.map((row) => [String(row.CoLine), Number(row.QtyOrderedConv), String(row.PriceConv)])).toEqual([
      ['1', 2, '49.34'],
      ['2', 1, '49.33'],
      ['3', 1, '64.75'],
    ]);
    const sent = items.reduce(
      (sum, row) => sum + Math.round(Number(row.PriceConv) * 100) * Number(row.QtyOrderedConv),
      0,
    );
    expect(sent).toBe(21276);

    // A returned unit is credited what it was sold at: 148.01 over 3, held to cents.
    resultOf(
      await t.call(
        'quoteManagement/createRMAs',
        { data: { quoteId: order.id, lines: [{ lineId: first!.id, reason: 'Dented', quantity: 1 }] } },
        a.token[1],
      ),
    );
    await drainUntil(async () => csi.state.rows.SLRmaitems.some((row) => row.RmaNum === `RMA0000${order.id}`));
    const credited = csi.state.rows.SLRmaitems.filter((row) => row.RmaNum === `RMA0000${order.id}`);
    expect(credited.map((row) => String(row.UnitCredit))).toEqual(['49.34']);
  });

  it('an outage longer than several retry intervals loses nothing: the orders go through once CSI is back', async () => {
    const before = csi.state.counts.ordersCreated;
    csi.control.setDown(true);
    const orders = [await csiOrder(), await csiOrder(), await csiOrder()];
    const keys = orders.map((order) => `erp.submitOrder:${order.id}`);
    // Several retry intervals of outage: every job has failed at least three times and waits for the next try.
    await drainUntil(async () => (await Promise.all(keys.map(jobOf))).every((job) => (job?.attempts ?? 0) >= 3));
    const waiting = await Promise.all(keys.map(jobOf));
    expect(waiting.every((job) => job?.status === 'pending' && job.attempts >= 3 && job.lastError)).toBe(true);
    expect(csi.state.counts.ordersCreated).toBe(before);
    csi.control.setDown(false);
    await drainUntil(async () => (await Promise.all(keys.map(jobOf))).every((job) => job?.status === 'done'));
    expect((await Promise.all(keys.map(jobOf))).map((job) => job?.status)).toEqual(['done', 'done', 'done']);
    expect(csi.state.counts.ordersCreated).toBe(before + 3);
    for (const order of orders) expect((await calls.getQuote(order.id, a.token[1])).erpOrderNo).toMatch(/\S/);
  });

  it('an RMA goes to CSI under RMA0000 + order id; lines of one order share one RMA header', async () => {
    const order = await csiOrder();
    await drainUntil(async () => (await jobOf(`erp.submitOrder:${order.id}`))?.status === 'done');
    const [first, second] = order.lines ?? [];
    const before = { ...csi.state.counts };
    resultOf(
      await t.call(
        'quoteManagement/createRMAs',
        { data: { quoteId: order.id, lines: [{ lineId: first!.id, reason: 'Dented', quantity: 1 }] } },
        a.token[1],
      ),
    );
    csi.control.failNext(1, 'status503');
    await drainUntil(async () => (await jobOf(`erp.createRmaLine:${first!.id}`))?.status === 'done');
    resultOf(
      await t.call(
        'quoteManagement/createRMAs',
        { data: { quoteId: order.id, lines: [{ lineId: second!.id, reason: 'Wrong size', quantity: 1 }] } },
        a.token[1],
      ),
    );
    await drainUntil(async () => (await jobOf(`erp.createRmaLine:${second!.id}`))?.status === 'done');
    expect(csi.state.counts.rmasCreated).toBe(before.rmasCreated + 1);
    expect(csi.state.counts.rmaLinesCreated).toBe(before.rmaLinesCreated + 2);
    expect(csi.state.rows.SLRmas.some((row) => row.RmaNum === `RMA0000${order.id}` && row.Whse === 'MAIN')).toBe(true);
    const { rows } = resultOf<{ rows: TRma[] }>(
      await t.call('quoteManagement/getRMAs', { quoteId: order.id }, a.token[1]),
    );
    expect(rows.map((row) => row.status)).toEqual(['submitted', 'submitted']);
    expect(rows.every((row) => row.erpLineNo)).toBe(true);
  });

  it('a refused order is a dead letter an administrator sees and retries once it is fixed', async () => {
    const order = await csiOrder(null);
    const key = `erp.submitOrder:${order.id}`;
    await t.deps.jobs.drain();
    const dead = await jobOf(key);
    expect(dead).toMatchObject({ status: 'dead', attempts: 1 });
    expect(dead?.lastError).toMatch(/customer/i);

    const listed = resultOf<{ rows: TJob[]; count: number }>(
      await t.call('administration/getJobs', { status: 'dead' }, a.token[5]),
    );
    expect(listed.rows.map((job) => job.key)).toContain(key);
    expect(listed.rows.every((job) => job.pid === a.pid && job.status === 'dead')).toBe(true);
    // The status polls that ran above are not listed once done: one a minute per platform would bury the rest.
    const all = resultOf<{ rows: TJob[] }>(await t.call('administration/getJobs', { limit: 96 }, a.token[5]));
    expect(all.rows.some((job) => job.queue === 'erp.pollStatuses')).toBe(false);
    expect(all.rows.some((job) => job.queue === 'erp.submitOrder' && job.status === 'done')).toBe(true);
    const elsewhere = resultOf<{ rows: TJob[] }>(await t.call('administration/getJobs', {}, a.otherAdmin));
    expect(elsewhere.rows.map((job) => job.key)).not.toContain(key);

    expectFailure(await t.call('administration/retryJob', { id: dead!.id }, a.otherAdmin), 'NOT_FOUND', MSG.notFound);
    await t.deps.db.update(quotes).set({ csiCustomerNumber: 'C000042' }).where(eq(quotes.id, order.id));
    const retried = resultOf<TJob>(await t.call('administration/retryJob', { id: dead!.id }, a.token[5]));
    expect(retried).toMatchObject({ status: 'pending', attempts: 0 });
    await t.deps.jobs.drain();
    expect(await jobOf(key)).toMatchObject({ status: 'done' });
    expectFailure(
      await t.call('administration/retryJob', { id: dead!.id }, a.token[5]),
      'CONFLICT',
      MSG.jobNotRetryable,
      409,
    );
    await expectAccess(t, a, 'administration/getJobs', {}, 5);
    await expectAccess(t, a, 'administration/retryJob', { id: dead!.id }, 5);
  });
});
