import { MSG, msgContactDeleted, type TCustomer } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';

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
  it('saves the customer and its billing address in one go', async () => {
    const created = await create({
      firstName: 'Ada',
      email: '  Ada@Example.COM ',
      erpId: 'E-1',
      billingAddress: { ...billing, Zip: '78744-0001' },
    });
    expect(created).toMatchObject({
      firstName: 'Ada',
      lastName: null,
      email: 'ada@example.com',
      erpId: 'E-1',
      pid: a.pid,
    });
    expect(created.billingAddress).toMatchObject({
      Zip: '78744-0001',
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
    expectFieldError(
      await call({ erpId: 'E', billingAddress: { ...billing, Zip: '7874' } }),
      'input.billingAddress.Zip',
      MSG.zipFormat,
    );
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
