import { randomUUID } from 'node:crypto';
import {
  MSG,
  msgPriceListDeleted,
  msgPriceListInUse,
  PRICE_LIST_MSG,
  type TCustomer,
  type TPriceList,
  type TProductView,
} from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, trailRow } from '../audit/audit.test-support';

let t: TTestApp;
let a: TPlatformActors;
let widget: TProductView;
let theirWidget: TProductView;
let configurableId: number;
const tag = () => randomUUID().slice(0, 8);

async function fixedProduct(price: string, token = a.token[5]): Promise<TProductView> {
  const input = { Name: 'Widget', ProductNumber: `W-${tag()}`, isNonConfigurable: true, defaultPrice: price };
  return resultOf<TProductView>(await t.call('productManagement/createProduct', { input }, token));
}
const create = async (input: Record<string, unknown>, token = a.token[5]) =>
  resultOf<TPriceList>(await t.call('priceListManagement/createPriceList', { input }, token));
const update = (id: number, version: number, input: Record<string, unknown>, token = a.token[5]) =>
  t.call('priceListManagement/updatePriceList', { id, version, input }, token);
const list = async (body: Record<string, unknown>, token = a.token[5]) =>
  resultOf<{ rows: TPriceList[]; count: number }>(await t.call('priceListManagement/getPriceLists', body, token));

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  widget = await fixedProduct('100.00');
  theirWidget = await fixedProduct('100.00', a.otherAdmin);
  const configurable = { Name: 'Door', ProductNumber: `D-${tag()}`, isNonConfigurable: false };
  configurableId = resultOf<TProductView>(
    await t.call('productManagement/createProduct', { input: configurable }, a.token[5]),
  ).ID;
});
afterAll(() => t.close());

describe('priceListManagement/createPriceList', () => {
  it('stores a list with its tiers, prices held to cents, in USD unless said', async () => {
    const created = await create({
      name: 'Dealer',
      validFrom: '2026-01-01',
      validTo: '2026-12-31',
      entries: [
        { productId: widget.ID, fromQuantity: 10, kind: 'price', value: '80.005' },
        { productId: widget.ID, kind: 'price', value: '90' },
        { productId: configurableId, kind: 'percent', value: '85.5' },
      ],
    });
    expect(created).toMatchObject({ name: 'Dealer', currency: 'USD', pid: a.pid, version: 1, customerCount: 0 });
    expect(created.validFrom).toBe('2026-01-01');
    expect(created.validTo).toBe('2026-12-31');
    // By product, then tier; the price held to cents as a line's would be.
    const { ProductNumber: number } = widget;
    expect(created.entries).toEqual([
      {
        productId: widget.ID,
        optionId: null,
        valueId: null,
        fromQuantity: 1,
        kind: 'price',
        value: '90.0000',
        productNumber: number,
        productName: 'Widget',
      },
      {
        productId: widget.ID,
        optionId: null,
        valueId: null,
        fromQuantity: 10,
        kind: 'price',
        value: '80.0100',
        productNumber: number,
        productName: 'Widget',
      },
      expect.objectContaining({
        productId: configurableId,
        fromQuantity: 1,
        kind: 'percent',
        value: '85.5000',
        productName: 'Door',
      }),
    ]);
  });

  it('checks names, dates, tiers, values and products, naming the field', async () => {
    const call = (input: Record<string, unknown>) =>
      t.call('priceListManagement/createPriceList', { input }, a.token[5]);
    expectFieldError(await call({ name: ' ' }), 'input.name', MSG.fieldRequired);
    for (const currency of ['XYZ', 'usd', '']) {
      expectFieldError(await call({ name: 'X', currency }), 'input.currency', 'Choose a currency from the list.');
    }
    expectFieldError(await call({ name: 'X', validFrom: '2026-02-30' }), 'input.validFrom');
    expectFieldError(
      await call({ name: 'X', validFrom: '2026-03-01', validTo: '2026-02-01' }),
      'input.validTo',
      PRICE_LIST_MSG.validToBeforeFrom,
    );
    const entry = { productId: widget.ID, kind: 'price', value: '1' };
    expectFieldError(
      await call({ name: 'X', entries: [entry, { ...entry, fromQuantity: 1 }] }),
      'input.entries.1.fromQuantity',
      PRICE_LIST_MSG.duplicateTier,
    );
    expectFieldError(await call({ name: 'X', entries: [{ ...entry, value: '-1' }] }), 'input.entries.0.value');
    expectFieldError(
      await call({ name: 'X', entries: [{ ...entry, value: '9999999999999999' }] }),
      'input.entries.0.value',
    );
    for (const value of ['0', '1000.01', '12.345', 'ten']) {
      expectFieldError(
        await call({ name: 'X', entries: [{ ...entry, kind: 'percent', value }] }),
        'input.entries.0.value',
        PRICE_LIST_MSG.percentFormat,
      );
    }
    expectFieldError(
      await call({ name: 'X', entries: [{ ...entry, fromQuantity: 0 }] }),
      'input.entries.0.fromQuantity',
    );
    expectFieldError(
      await call({ name: 'X', entries: [{ ...entry, productId: theirWidget.ID }] }),
      'input.entries.0.productId',
      PRICE_LIST_MSG.productNotFound,
    );
    expectFieldError(
      await call({ name: 'X', entries: [{ productId: configurableId, kind: 'price', value: '5' }] }),
      'input.entries.0.kind',
      PRICE_LIST_MSG.configuredNeedsPercent,
    );
    await create({ name: 'Unique name' });
    expectFieldError(await call({ name: 'Unique name' }), 'input.name', PRICE_LIST_MSG.nameTaken);
    // Another platform may use the name.
    expect((await create({ name: 'Unique name' }, a.otherAdmin)).pid).toBe(a.otherPid);
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'priceListManagement/createPriceList', { input: { name: `Access ${tag()}` } }, 5);
  });
});

describe('priceListManagement/getPriceLists', () => {
  it('lists the platform’s lists by name, searches and pages; level 9 sees every platform', async () => {
    const mine = await list({ limit: 200 });
    expect(mine.rows.every((row) => row.pid === a.pid)).toBe(true);
    const names = mine.rows.map((row) => row.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    expect((await list({ search: 'deal' })).rows.map((row) => row.name)).toEqual(['Dealer']);
    expect((await list({ limit: 1 })).rows).toHaveLength(1);
    expectFieldError(
      await t.call('priceListManagement/getPriceLists', { order: ['value', 'ASC'] }, a.token[5]),
      'order.0',
    );
    const all = await list({ search: 'Unique name' }, a.token[9]);
    expect(all.rows.map((row) => row.pid).sort()).toEqual([a.pid, a.otherPid].sort());
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'priceListManagement/getPriceLists', {}, 5);
  });
});

describe('priceListManagement/updatePriceList', () => {
  it('changes fields at the version read, replaces entries when given, and refuses a stale version', async () => {
    const row = await create({
      name: `Distributor ${tag()}`,
      entries: [{ productId: widget.ID, kind: 'price', value: '70' }],
    });
    const renamed = resultOf<TPriceList>(await update(row.id, row.version, { validTo: '2030-01-01' }));
    expect(renamed).toMatchObject({ version: 2, validTo: '2030-01-01', entries: row.entries });
    const retiered = resultOf<TPriceList>(
      await update(row.id, renamed.version, {
        entries: [{ productId: widget.ID, fromQuantity: 5, kind: 'percent', value: '50' }],
      }),
    );
    expect(retiered.entries).toEqual([
      expect.objectContaining({ productId: widget.ID, fromQuantity: 5, kind: 'percent', value: '50.0000' }),
    ]);
    expectFailure(await update(row.id, row.version, { name: 'Stale' }), 'CONFLICT', MSG.conflict);
    expectFieldError(await update(row.id, retiered.version, { validFrom: '2031-01-01' }), 'input.validTo');
    expectFieldError(
      await t.call('priceListManagement/updatePriceList', { id: row.id, input: {} }, a.token[5]),
      'version',
    );
  });

  it('answers NOT_FOUND for another platform’s list, which level 9 may change', async () => {
    const theirs = await create({ name: `Theirs ${tag()}` }, a.otherAdmin);
    expectFailure(await update(theirs.id, theirs.version, { name: 'Mine' }), 'NOT_FOUND', MSG.notFound);
    expect(
      resultOf<TPriceList>(await update(theirs.id, theirs.version, { name: `Super ${tag()}` }, a.token[9])).pid,
    ).toBe(a.otherPid);
  });

  it('is for administrators', async () => {
    const row = await create({ name: `Access ${tag()}` });
    await expectAccess(t, a, 'priceListManagement/updatePriceList', { id: row.id, version: 1, input: {} }, 5);
  });
});

describe('priceListManagement/deletePriceList and customers’ price lists', () => {
  it('assigns a list to customers, refuses to delete it while used (saying how many), then deletes it', async () => {
    const row = await create({ name: `Retail ${tag()}` });
    const customer = async (erpId: string) =>
      resultOf<TCustomer>(
        await t.call('customerManagement/createCustomer', { input: { erpId, priceListId: row.id } }, a.token[5]),
      );
    const first = await customer(`PL-${tag()}`);
    const second = await customer(`PL-${tag()}`);
    expect(first.priceListId).toBe(row.id);
    const used = await list({ search: row.name });
    expect(used.rows[0]?.customerCount).toBe(2);
    expectFailure(
      await t.call('priceListManagement/deletePriceList', { id: row.id }, a.token[5]),
      'CONFLICT',
      msgPriceListInUse(2),
    );
    expect(msgPriceListInUse(2)).toBe(
      '2 customers use this price list. Assign them another price list (or none) first, then delete it.',
    );
    const unassigned = resultOf<TCustomer>(
      await t.call('customerManagement/updateCustomer', { id: first.id, input: { priceListId: null } }, a.token[5]),
    );
    expect(unassigned.priceListId).toBeNull();
    expectFailure(
      await t.call('priceListManagement/deletePriceList', { id: row.id }, a.token[5]),
      'CONFLICT',
      msgPriceListInUse(1),
    );
    resultOf(await t.call('customerManagement/deleteCustomer', { id: second.id }, a.token[5]));
    const deleted = resultOf(await t.call('priceListManagement/deletePriceList', { id: row.id }, a.token[5]));
    expect(deleted).toEqual({ ok: true, id: row.id, message: msgPriceListDeleted(row.id) });
    expectFailure(await update(row.id, row.version, { name: 'Gone' }), 'NOT_FOUND');
  });

  it('assigns only a list of the customer’s platform', async () => {
    const theirs = await create({ name: `Theirs ${tag()}` }, a.otherAdmin);
    expectFieldError(
      await t.call('customerManagement/createCustomer', { input: { erpId: 'X', priceListId: theirs.id } }, a.token[5]),
      'input.priceListId',
    );
    const mine = resultOf<TCustomer>(
      await t.call('customerManagement/createCustomer', { input: { erpId: `PL-${tag()}` } }, a.token[5]),
    );
    expectFieldError(
      await t.call('customerManagement/updateCustomer', { id: mine.id, input: { priceListId: theirs.id } }, a.token[5]),
      'input.priceListId',
    );
    expectFailure(await t.call('priceListManagement/deletePriceList', { id: theirs.id }, a.token[5]), 'NOT_FOUND');
  });

  it('records created, updated and deleted events with the list’s name', async () => {
    const name = `Audited ${tag()}`;
    const call = (path: 'createPriceList' | 'updatePriceList' | 'deletePriceList', body: unknown) =>
      callAudited(t, `priceListManagement/${path}`, body, a.token[5]);
    const row = resultOf<TPriceList>(await call('createPriceList', { input: { name } }));
    resultOf(await call('updatePriceList', { id: row.id, version: row.version, input: { validFrom: '2026-01-01' } }));
    resultOf(await call('deletePriceList', { id: row.id }));
    const event = (action: string, data: unknown) => trailRow(action, a.pid, a.username[5], data);
    expect(await changeEventsOf(t, 'priceList', row.id)).toEqual([
      event('priceList.created', { name }),
      event('priceList.updated', { fields: ['validFrom'] }),
      event('priceList.deleted', { name }),
    ]);
  });

  it('is for administrators', async () => {
    const row = await create({ name: `Access ${tag()}` });
    await expectAccess(t, a, 'priceListManagement/deletePriceList', { id: row.id }, 5);
  });
});
