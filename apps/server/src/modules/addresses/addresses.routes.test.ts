import { MSG, msgAddressDeleted, type TAddress, type TRoutePath } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';

type TPage = { rows: TAddress[]; count: number };

let t: TTestApp;
let a: TPlatformActors;

const input = (fields: Record<string, unknown> = {}) => ({
  Address: '1 Main St',
  City: 'Austin',
  State: 'TX',
  Zip: '78701',
  AddressType: 2,
  ...fields,
});

async function create(fields: Record<string, unknown> = {}, token = a.token[5]): Promise<TAddress> {
  return resultOf<TAddress>(await t.call('addressManagement/createAddress', { input: input(fields) }, token));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  await create({ Address: '300 Oak Ave', City: 'Boston', State: 'MA', Zip: '02108' });
  await create({ Address: '100 Elm St', City: 'Denver', State: 'CO', Zip: '80202' });
  await create({ Address: '200 Pine Rd', City: 'Austin', State: 'TX', Zip: '78702', AddressType: 1 });
  await create({ Address: '150 Hidden Ln' }, a.otherAdmin);
});
afterAll(() => t.close());

describe('addressManagement/getAddresses', () => {
  it('lists the platform’s addresses by Address, and pages, sorts and searches them', async () => {
    const all = resultOf<TPage>(await t.call('addressManagement/getAddresses', {}, a.token[5]));
    expect(all.rows.map((row) => row.Address)).toEqual(['100 Elm St', '200 Pine Rd', '300 Oak Ave']);
    expect(all.count).toBe(3);
    expect(all.rows[0]).toMatchObject({ City: 'Denver', State: 'CO', Zip: '80202', Country: 'USA', pid: a.pid });

    const page = resultOf<TPage>(
      await t.call('addressManagement/getAddresses', { limit: 1, offset: 0, order: ['City', 'DESC'] }, a.token[5]),
    );
    expect(page.rows.map((row) => row.City)).toEqual(['Denver']);
    expect(page.count).toBe(3);
    for (const [search, expected] of [
      ['austin', ['200 Pine Rd']],
      ['MA', ['300 Oak Ave']],
      ['80202', ['100 Elm St']],
      ['oak', ['300 Oak Ave']],
    ] as const) {
      const found = resultOf<TPage>(await t.call('addressManagement/getAddresses', { search }, a.token[5]));
      expect(
        found.rows.map((row) => row.Address),
        search,
      ).toEqual(expected);
    }
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'addressManagement/getAddresses', {}, 5);
  });
});

describe('addressManagement/createAddress', () => {
  it('saves billing and shipping addresses; sameAsShipping only on billing', async () => {
    const billing = await create({ AddressType: 1, sameAsShipping: true, Address2: 'Suite 4' });
    expect(billing).toMatchObject({ AddressType: 1, sameAsShipping: true, Address2: 'Suite 4', customerId: null });
    const shipping = await create({ AddressType: 2, sameAsShipping: true });
    expect(shipping.sameAsShipping).toBe(false);
  });

  it('accepts a 5-digit zip, also sent as a number', async () => {
    expect((await create({ Zip: 2108 })).Zip).toBe('02108');
  });

  it('checks Zip, State and AddressType', async () => {
    const call = (fields: Record<string, unknown>) =>
      t.call('addressManagement/createAddress', { input: input(fields) }, a.token[5]);
    for (const Zip of ['ABCDE', '1234', '123456', '12345-67', '78701-1234', '787011234']) {
      expectFieldError(await call({ Zip }), 'input.Zip', MSG.zipFormat);
    }
    expectFieldError(await call({ Zip: undefined }), 'input.Zip', MSG.zipFormat);
    expectFieldError(await call({ State: 'XX' }), 'input.State');
    expectFieldError(await call({ AddressType: 3 }), 'input.AddressType');
    expectFieldError(await call({ Address: '' }), 'input.Address', MSG.fieldRequired);
  });

  it('links only to a customer of the same platform', async () => {
    const theirs = resultOf<{ id: number }>(
      await t.call('customerManagement/createCustomer', { input: { erpId: 'T-1' } }, a.otherAdmin),
    );
    const mine = resultOf<{ id: number }>(
      await t.call('customerManagement/createCustomer', { input: { erpId: 'M-1' } }, a.token[5]),
    );
    expect((await create({ customerId: mine.id })).customerId).toBe(mine.id);
    const response = await t.call(
      'addressManagement/createAddress',
      { input: input({ customerId: theirs.id }) },
      a.token[5],
    );
    expectFailure(response, 'NOT_FOUND');
  });

  it('puts the address on the caller’s platform; only level 9 names another', async () => {
    expectFailure(
      await t.call('addressManagement/createAddress', { input: input({ pid: a.otherPid }) }, a.token[5]),
      'FORBIDDEN',
    );
    expect((await create({ pid: a.otherPid }, a.token[9])).pid).toBe(a.otherPid);
    expectFieldError(
      await t.call('addressManagement/createAddress', { input: input({ pid: 'no-such-platform' }) }, a.token[9]),
      'input.pid',
    );
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'addressManagement/createAddress', { input: input() }, 5);
  });
});

describe('addressManagement/updateAddress and deleteAddress', () => {
  it('updates and deletes, answering the spec’s message', async () => {
    const row = await create({ AddressType: 1, sameAsShipping: true });
    const updated = resultOf<TAddress>(
      await t.call(
        'addressManagement/updateAddress',
        { id: row.id, input: { City: 'Dallas', AddressType: 2 } },
        a.token[5],
      ),
    );
    expect(updated).toMatchObject({ City: 'Dallas', AddressType: 2, sameAsShipping: false, Address: '1 Main St' });
    expectFieldError(
      await t.call('addressManagement/updateAddress', { id: row.id, input: { Zip: 'x' } }, a.token[5]),
      'input.Zip',
      MSG.zipFormat,
    );
    const deleted = resultOf(await t.call('addressManagement/deleteAddress', { id: row.id }, a.token[5]));
    expect(deleted).toEqual({ ok: true, id: row.id, message: msgAddressDeleted(row.id) });
    expect(msgAddressDeleted(row.id)).toBe(`Successfully deleted Address with the ID of ${row.id}`);
    expectFailure(await t.call('addressManagement/deleteAddress', { id: row.id }, a.token[5]), 'NOT_FOUND');
  });

  it('answers NOT_FOUND for another platform’s address', async () => {
    const theirs = await create({}, a.otherAdmin);
    expectFailure(
      await t.call('addressManagement/updateAddress', { id: theirs.id, input: { City: 'X' } }, a.token[5]),
      'NOT_FOUND',
    );
    expectFailure(await t.call('addressManagement/deleteAddress', { id: theirs.id }, a.token[5]), 'NOT_FOUND');
    resultOf(await t.call('addressManagement/deleteAddress', { id: theirs.id }, a.token[9]));
  });

  it('is for administrators', async () => {
    const row = await create();
    await expectAccess(t, a, 'addressManagement/updateAddress', { id: row.id, input: { City: 'Waco' } }, 5);
    await expectAccess(t, a, 'addressManagement/deleteAddress', { id: (await create()).id }, 5);
  });
});

describe('change events', () => {
  const call = (path: TRoutePath, body: unknown, token = a.token[5]) => callAudited(t, path, body, token);

  it('records a create, an update (naming every field that changed) and a delete, once each', async () => {
    const row = resultOf<TAddress>(
      await call('addressManagement/createAddress', { input: input({ AddressType: 1, sameAsShipping: true }) }),
    );
    const event = (action: string, data: unknown) => trailRow(action, a.pid, a.username[5], data);
    // Never the address itself: it is personal data.
    const created = event('address.created', { AddressType: 1, customerId: null });
    expect(await changeEventsOf(t, 'address', row.id)).toEqual([created]);

    // A shipping address is never sameAsShipping, so that changes too; the Zip sent as it was does not.
    const patch = { City: 'Dallas', AddressType: 2, Zip: row.Zip };
    resultOf(await call('addressManagement/updateAddress', { id: row.id, input: patch }));
    const updated = event('address.updated', { fields: ['City', 'AddressType', 'sameAsShipping'] });
    expect(await changeEventsOf(t, 'address', row.id)).toEqual([created, updated]);

    resultOf(await call('addressManagement/deleteAddress', { id: row.id }));
    const deleted = event('address.deleted', { AddressType: 2, customerId: null });
    expect(await changeEventsOf(t, 'address', row.id)).toEqual([created, updated, deleted]);
  });

  it('gives the address’s platform, also when level 9 deletes another platform’s', async () => {
    const theirs = await create({}, a.otherAdmin);
    resultOf(await call('addressManagement/deleteAddress', { id: theirs.id }, a.token[9]));
    const [, deleted] = await changeEventsOf(t, 'address', theirs.id);
    expect(deleted).toEqual(
      trailRow('address.deleted', a.otherPid, a.username[9], { AddressType: 2, customerId: null }),
    );
  });

  it('records nothing for a change that fails', async () => {
    const row = await create();
    const theirs = await create({}, a.otherAdmin);
    await expectNoEvents(t, async () => {
      expectFieldError(await call('addressManagement/createAddress', { input: input({ Zip: 'x' }) }), 'input.Zip');
      const unknownCustomer = { input: input({ customerId: 999_999 }) };
      expectFailure(await call('addressManagement/createAddress', unknownCustomer), 'NOT_FOUND');
      const update = (id: number, fields: unknown) => call('addressManagement/updateAddress', { id, input: fields });
      expectFieldError(await update(row.id, { State: 'XX' }), 'input.State');
      expectFailure(await update(theirs.id, { City: 'Mine' }), 'NOT_FOUND');
      expectFailure(await call('addressManagement/deleteAddress', { id: theirs.id }), 'NOT_FOUND');
    });
  });
});
