import { MSG, msgContactDeleted, type TAddress, type TCustomer, type TRoutePath } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';

type TPage = { rows: TCustomer[]; count: number };

let t: TTestApp;
let a: TPlatformActors;

const billing = { Address: '4100 Industrial Blvd', City: 'Austin', State: 'TX', Zip: '78744', sameAsShipping: true };

async function create(input: Record<string, unknown>, token = a.token[5]): Promise<TCustomer> {
  return resultOf<TCustomer>(await t.call('customerManagement/createCustomer', { input }, token));
}

const list = async (body: Record<string, unknown>, token = a.token[5]) =>
  resultOf<TPage>(await t.call('customerManagement/getCustomers', body, token));

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  await create({
    firstName: 'Maria',
    lastName: 'Lopez',
    companyName: 'Lopez Fab',
    email: 'maria@lopezfab.example',
    phone: '5125550142',
    erpId: 'C-1',
    billingAddress: billing,
  });
  await create({
    firstName: 'James',
    lastName: 'Okafor',
    companyName: 'Northwind',
    email: 'j.okafor@northwind.example',
    erpId: 'C-2',
  });
  await create({ firstName: 'Priya', lastName: 'Raman', email: 'priya@raman.example', erpId: 'ERP-77' });
  await create({ firstName: 'Maria', lastName: 'Other', erpId: 'X-1' }, a.otherAdmin);
});
afterAll(() => t.close());

describe('customerManagement/getCustomers', () => {
  it('lists the platform’s customers by id, with their billing address', async () => {
    const page = await list({});
    expect(page.count).toBe(3);
    expect(page.rows.map((row) => row.lastName)).toEqual(['Lopez', 'Okafor', 'Raman']);
    expect(page.rows[0]?.billingAddress).toMatchObject({ ...billing, AddressType: 1, customerId: page.rows[0]?.id });
    expect(page.rows[1]?.billingAddress).toBeNull();
  });

  it('pages and sorts', async () => {
    const page = await list({ limit: 2, offset: 1, order: ['lastName', 'DESC'] });
    expect(page.rows.map((row) => row.lastName)).toEqual(['Okafor', 'Lopez']);
    expect(page.count).toBe(3);
    expectFieldError(
      await t.call('customerManagement/getCustomers', { order: ['quoteId', 'ASC'] }, a.token[5]),
      'order.0',
    );
    expectFieldError(await t.call('customerManagement/getCustomers', { limit: 201 }, a.token[5]), 'limit');
  });

  it('searches names, company, e-mail, phone and ERP id, case-insensitively', async () => {
    for (const [search, expected] of [
      ['maria', ['Lopez']],
      ['maria lopez', ['Lopez']],
      ['NORTHWIND', ['Okafor']],
      ['kafor@north', ['Okafor']],
      ['5550142', ['Lopez']],
      ['erp-77', ['Raman']],
      ['100%', []],
    ] as const) {
      expect(
        (await list({ search })).rows.map((row) => row.lastName),
        search,
      ).toEqual(expected);
    }
  });

  it('shows level 9 every platform', async () => {
    expect((await list({ search: 'maria' }, a.token[9])).count).toBeGreaterThanOrEqual(2);
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'customerManagement/getCustomers', {}, 5);
  });
});

describe('customerManagement/createCustomer', () => {
  it('keeps dealer pricing, off unless set, and an update changes it', async () => {
    expect((await create({ erpId: 'D-0' })).isDealer).toBe(false);
    const dealer = await create({ erpId: 'D-1', companyName: 'Spokes Ltd', isDealer: true });
    expect(dealer.isDealer).toBe(true);
    const update = { id: dealer.id, version: dealer.version, input: { isDealer: false } };
    const retail = resultOf<TCustomer>(await t.call('customerManagement/updateCustomer', update, a.token[5]));
    expect(retail).toMatchObject({ isDealer: false, companyName: 'Spokes Ltd' });
  });

  it('saves the customer and its billing address in one go', async () => {
    const created = await create({
      firstName: 'Ada',
      email: '  Ada@Example.COM ',
      erpId: 'E-1',
      billingAddress: { ...billing, Zip: '78744' },
    });
    expect(created).toMatchObject({
      firstName: 'Ada',
      lastName: null,
      email: 'ada@example.com',
      erpId: 'E-1',
      pid: a.pid,
    });
    expect(created.billingAddress).toMatchObject({
      Zip: '78744',
      AddressType: 1,
      customerId: created.id,
      pid: a.pid,
    });
    expect(created.email).toBe('ada@example.com');
    const stored = await t.database.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, created.id), eq(addresses.addressType, 1)));
    expect(stored).toHaveLength(1);
  });

  it('checks the spec’s rules word for word', async () => {
    const call = (input: Record<string, unknown>) => t.call('customerManagement/createCustomer', { input }, a.token[5]);
    expectFieldError(await call({ firstName: 'No ERP' }), 'input.erpId', MSG.erpIdRequired);
    expectFieldError(await call({ erpId: '  ' }), 'input.erpId', MSG.erpIdRequired);
    expectFieldError(await call({ erpId: 'E', email: 'not-an-email' }), 'input.email', MSG.invalidEmail);
    for (const Zip of ['7874', '78744-0001']) {
      expectFieldError(
        await call({ erpId: 'E', billingAddress: { ...billing, Zip } }),
        'input.billingAddress.Zip',
        MSG.zipFormat,
      );
    }
    expectFieldError(
      await call({ erpId: 'E', billingAddress: { ...billing, State: 'ZZ' } }),
      'input.billingAddress.State',
    );
    // Every field but erpId may be left empty.
    const bare = await create({ erpId: 'E-2', email: '', companyName: null });
    expect(bare).toMatchObject({ email: null, companyName: null, billingAddress: null });
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'customerManagement/createCustomer', { input: { erpId: 'M' } }, 5);
  });
});

describe('customerManagement/getCustomer, updateCustomer and deleteCustomer', () => {
  it('reads, updates (adding, changing and removing the billing address) and deletes', async () => {
    const row = await create({ firstName: 'Tom', erpId: 'T-1' });
    expect(
      resultOf<TCustomer>(await t.call('customerManagement/getCustomer', { id: row.id }, a.token[5])).firstName,
    ).toBe('Tom');

    const added = resultOf<TCustomer>(
      await t.call(
        'customerManagement/updateCustomer',
        { id: row.id, input: { lastName: 'Thumb', billingAddress: billing } },
        a.token[5],
      ),
    );
    expect(added).toMatchObject({ firstName: 'Tom', lastName: 'Thumb' });
    const billingId = added.billingAddress?.id;
    expect(billingId).toBeTypeOf('number');

    const changed = resultOf<TCustomer>(
      await t.call(
        'customerManagement/updateCustomer',
        { id: row.id, input: { billingAddress: { ...billing, City: 'Round Rock' } } },
        a.token[5],
      ),
    );
    expect(changed.billingAddress).toMatchObject({ id: billingId, City: 'Round Rock' });

    expectFieldError(
      await t.call('customerManagement/updateCustomer', { id: row.id, input: { erpId: '' } }, a.token[5]),
      'input.erpId',
      MSG.erpIdRequired,
    );
    const removed = resultOf<TCustomer>(
      await t.call('customerManagement/updateCustomer', { id: row.id, input: { billingAddress: null } }, a.token[5]),
    );
    expect(removed.billingAddress).toBeNull();

    const deleted = resultOf(await t.call('customerManagement/deleteCustomer', { id: row.id }, a.token[5]));
    expect(deleted).toEqual({ ok: true, id: row.id, message: msgContactDeleted(row.id) });
    expect(msgContactDeleted(row.id)).toBe(`Successfully deleted Contact with the ID of ${row.id}`);
    expectFailure(await t.call('customerManagement/getCustomer', { id: row.id }, a.token[5]), 'NOT_FOUND');
  });

  it('deletes a customer’s addresses with it', async () => {
    const row = await create({ erpId: 'D-1', billingAddress: billing });
    resultOf(await t.call('customerManagement/deleteCustomer', { id: row.id }, a.token[5]));
    const left = await t.database.db.select().from(addresses).where(eq(addresses.customerId, row.id));
    expect(left).toEqual([]);
  });

  it('answers NOT_FOUND for another platform’s customer', async () => {
    const theirs = await create({ erpId: 'O-1' }, a.otherAdmin);
    for (const [path, body] of [
      ['customerManagement/getCustomer', { id: theirs.id }],
      ['customerManagement/updateCustomer', { id: theirs.id, input: { firstName: 'X' } }],
      ['customerManagement/deleteCustomer', { id: theirs.id }],
    ] as const) {
      expectFailure(await t.call(path, body, a.token[5]), 'NOT_FOUND', MSG.notFound);
    }
    expect(resultOf<TCustomer>(await t.call('customerManagement/getCustomer', { id: theirs.id }, a.token[9])).pid).toBe(
      a.otherPid,
    );
  });

  it('is for administrators', async () => {
    const row = await create({ erpId: 'A-1' });
    await expectAccess(t, a, 'customerManagement/getCustomer', { id: row.id }, 5);
    await expectAccess(t, a, 'customerManagement/updateCustomer', { id: row.id, input: { firstName: 'Y' } }, 5);
    await expectAccess(t, a, 'customerManagement/deleteCustomer', { id: (await create({ erpId: 'A-2' })).id }, 5);
  });
});

describe('change events', () => {
  const call = (path: TRoutePath, body: unknown, token = a.token[5]) => callAudited(t, path, body, token);
  const event = (action: string, data: unknown) => trailRow(action, a.pid, a.username[5], data);
  const update = async (id: number, input: unknown) =>
    resultOf<TCustomer>(await call('customerManagement/updateCustomer', { id, input }));

  it('records a create with its billing address, updates (naming the fields that changed) and a delete', async () => {
    const input = { firstName: 'Eve', erpId: 'AUD-1', billingAddress: billing };
    const row = resultOf<TCustomer>(await call('customerManagement/createCustomer', { input }));
    const billingId = row.billingAddress?.id ?? 0;
    // The ERP id, never the contact's name or e-mail (personal data).
    const created = event('customer.created', { erpId: 'AUD-1' });
    expect(await changeEventsOf(t, 'customer', row.id)).toEqual([created]);
    const billingCreated = event('address.created', { AddressType: 1, customerId: row.id });
    expect(await changeEventsOf(t, 'address', billingId)).toEqual([billingCreated]);

    await update(row.id, { firstName: 'Eve', lastName: 'Adams' });
    const renamed = event('customer.updated', { fields: ['lastName'] });
    expect(await changeEventsOf(t, 'customer', row.id)).toEqual([created, renamed]);
    expect(await changeEventsOf(t, 'address', billingId)).toEqual([billingCreated]);

    await update(row.id, { billingAddress: { ...billing, City: 'Round Rock' } });
    const moved = event('customer.updated', { fields: ['billingAddress'] });
    expect(await changeEventsOf(t, 'customer', row.id)).toEqual([created, renamed, moved]);
    const billingUpdated = event('address.updated', { fields: ['City'] });
    expect(await changeEventsOf(t, 'address', billingId)).toEqual([billingCreated, billingUpdated]);

    await update(row.id, { billingAddress: null });
    expect(await changeEventsOf(t, 'customer', row.id)).toEqual([created, renamed, moved, moved]);
    const billingDeleted = event('address.deleted', { AddressType: 1, customerId: row.id });
    expect(await changeEventsOf(t, 'address', billingId)).toEqual([billingCreated, billingUpdated, billingDeleted]);

    resultOf(await call('customerManagement/deleteCustomer', { id: row.id }));
    const deleted = event('customer.deleted', { erpId: 'AUD-1' });
    expect(await changeEventsOf(t, 'customer', row.id)).toEqual([created, renamed, moved, moved, deleted]);
  });

  it('records the deletion of each of a deleted customer’s addresses', async () => {
    const row = await create({ erpId: 'AUD-2', billingAddress: billing });
    const shipping = resultOf<TAddress>(
      await call('addressManagement/createAddress', {
        input: { Address: '9 Dock Rd', City: 'Austin', State: 'TX', Zip: '78701', AddressType: 2, customerId: row.id },
      }),
    );
    resultOf(await call('customerManagement/deleteCustomer', { id: row.id }));
    const [, billingDeleted] = await changeEventsOf(t, 'address', row.billingAddress?.id ?? 0);
    expect(billingDeleted).toEqual(event('address.deleted', { AddressType: 1, customerId: row.id }));
    const [, shippingDeleted] = await changeEventsOf(t, 'address', shipping.id);
    expect(shippingDeleted).toEqual(event('address.deleted', { AddressType: 2, customerId: row.id }));
  });

  it('gives the customer’s platform, also when level 9 changes another platform’s', async () => {
    const theirs = await create({ erpId: 'AUD-3' }, a.otherAdmin);
    resultOf(await call('customerManagement/updateCustomer', { id: theirs.id, input: { phone: '555' } }, a.token[9]));
    const [, updated] = await changeEventsOf(t, 'customer', theirs.id);
    expect(updated).toEqual(trailRow('customer.updated', a.otherPid, a.username[9], { fields: ['phone'] }));
  });

  it('records nothing for a change that fails', async () => {
    const row = await create({ erpId: 'AUD-4', billingAddress: billing });
    const theirs = await create({ erpId: 'AUD-5' }, a.otherAdmin);
    await expectNoEvents(t, async () => {
      const bad = { erpId: 'AUD-6', billingAddress: { ...billing, Zip: '1' } };
      expectFieldError(await call('customerManagement/createCustomer', { input: bad }), 'input.billingAddress.Zip');
      const updateCall = (id: number, input: unknown) => call('customerManagement/updateCustomer', { id, input });
      expectFieldError(await updateCall(row.id, { erpId: '' }), 'input.erpId');
      expectFieldError(
        await updateCall(row.id, { billingAddress: { ...billing, State: 'ZZ' } }),
        'input.billingAddress.State',
      );
      expectFailure(await updateCall(theirs.id, { billingAddress: null }), 'NOT_FOUND');
      expectFailure(await call('customerManagement/deleteCustomer', { id: theirs.id }), 'NOT_FOUND');
    });
  });
});
