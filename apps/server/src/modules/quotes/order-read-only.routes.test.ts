import { MSG, type TQuote } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusTypes } from '../../db/schema';
import { expectFailure, resultOf } from '../../testing/expect-api';
import type { TPlatformActors } from '../../testing/platform-actors';
import type { TTestApp } from '../../testing/test-app';
import { quoteTestBed, type TQuoteTestBed } from './quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: TQuoteTestBed['calls'];
let productId: number;

beforeAll(async () => {
  ({ t, a, calls, productId } = await quoteTestBed('75.00'));
});
afterAll(() => t.close());

const update = (order: Pick<TQuote, 'id' | 'version'>, input: Record<string, unknown>, token: string) =>
  t.call('quoteManagement/updateQuote', { id: order.id, version: order.version, input }, token);

describe("a placed order's header", () => {
  it('is read-only to its buyer and to administrators: PO number, status, details and contact are refused', async () => {
    const order = await calls.placedOrder(productId, a.token[1]);
    const [draft] = await t.deps.db
      .insert(statusTypes)
      .values({ pid: a.pid, name: 'Draft', roleLevel: 0, displayOrder: 0 })
      .returning();
    const edits: Record<string, unknown>[] = [
      { poNumber: 'PO-CHANGED' },
      { statusTypeId: draft!.id },
      { name: 'Renamed', notes: 'Changed after ordering' },
      { firstName: 'Mallory' },
      { sameAsBilling: false },
    ];
    for (const input of edits) {
      for (const token of [a.token[1], a.token[5], a.token[9]]) {
        expectFailure(await update(order, input, token), 'CONFLICT', MSG.orderReadOnly, 409);
      }
    }
    expectFailure(
      await t.call(
        'quoteManagement/setQuoteCustomer',
        { quoteId: order.id, version: order.version, customerId: null },
        a.token[1],
      ),
      'CONFLICT',
      MSG.orderReadOnly,
      409,
    );
    expect(await calls.getQuote(order.id, a.token[1])).toMatchObject({
      type: 2,
      poNumber: 'PO-1',
      statusTypeId: null,
      name: order.name,
      firstName: 'Ada',
      version: order.version,
    });
  });

  it('takes a status from an administrator through setOrderStatus', async () => {
    const order = await calls.placedOrder(productId, a.token[1]);
    const [shipped] = await t.deps.db
      .insert(statusTypes)
      .values({ pid: a.pid, name: 'Shipped', roleLevel: 5, displayOrder: 3 })
      .returning();
    const set = resultOf<TQuote>(
      await t.call('quoteManagement/setOrderStatus', { id: order.id, statusTypeId: shipped!.id }, a.token[5]),
    );
    expect(set).toMatchObject({ statusTypeId: shipped!.id, statusName: 'Shipped' });
  });
});
