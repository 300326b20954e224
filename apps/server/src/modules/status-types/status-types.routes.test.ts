import { MSG, type TRoutePath, type TStatusType } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';

type TPage = { rows: TStatusType[]; count: number };

let t: TTestApp;
let a: TPlatformActors;

async function create(input: Record<string, unknown>, token = a.token[9]): Promise<TStatusType> {
  return resultOf<TStatusType>(await t.call('statusTypesMgmt/createStatusType', { input }, token));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  await create({ name: 'Shipped', roleLevel: 5, displayOrder: 3 });
  await create({ name: 'Draft', roleLevel: 0, displayOrder: 0, visible: '0' });
  await create({ name: 'Audited', roleLevel: 9, displayOrder: 4 });
  await create({ name: 'Submitted', roleLevel: 1, displayOrder: 1 });
  await create({ name: 'Elsewhere', roleLevel: 0, displayOrder: 0 }, a.otherAdmin);
});
afterAll(() => t.close());

describe('statusTypesMgmt/getStatusTypes', () => {
  it('lists the platform’s status types by displayOrder, up to the caller’s level', async () => {
    const admin = resultOf<TPage>(await t.call('statusTypesMgmt/getStatusTypes', {}, a.token[5]));
    expect(admin.rows.map((row) => row.name)).toEqual(['Draft', 'Submitted', 'Shipped']);
    expect(admin.count).toBe(3);
    expect(admin.rows[0]).toMatchObject({ visible: '0', roleLevel: 0, displayOrder: 0, pid: a.pid });

    const sales = resultOf<TPage>(await t.call('statusTypesMgmt/getStatusTypes', { roleLevel: 9 }, a.token[1]));
    expect(sales.rows.map((row) => row.name)).toEqual(['Draft', 'Submitted']);
    const asked = resultOf<TPage>(await t.call('statusTypesMgmt/getStatusTypes', { roleLevel: 0 }, a.token[5]));
    expect(asked.rows.map((row) => row.name)).toEqual(['Draft']);
  });

  it('pages, sorts and searches', async () => {
    const body = { limit: 1, offset: 1, order: ['name', 'DESC'] };
    const page = resultOf<TPage>(await t.call('statusTypesMgmt/getStatusTypes', body, a.token[5]));
    expect(page.rows.map((row) => row.name)).toEqual(['Shipped']);
    expect(page.count).toBe(3);
    const found = resultOf<TPage>(await t.call('statusTypesMgmt/getStatusTypes', { search: 'subm' }, a.token[5]));
    expect(found.rows.map((row) => row.name)).toEqual(['Submitted']);
    expectFieldError(await t.call('statusTypesMgmt/getStatusTypes', { order: ['pid', 'ASC'] }, a.token[5]), 'order.0');
  });

  it('is for signed-in callers', async () => {
    await expectAccess(t, a, 'statusTypesMgmt/getStatusTypes', {}, 0);
  });
});

describe('statusTypesMgmt/createStatusType', () => {
  it('creates on the caller’s platform, with visible sent as 1 or 0', async () => {
    const created = await create({ name: 'Packed', roleLevel: 5, visible: '0', displayOrder: 7 }, a.token[5]);
    expect(created).toMatchObject({ name: 'Packed', roleLevel: 5, visible: '0', displayOrder: 7, pid: a.pid });
  });

  it('checks the spec’s rules word for word', async () => {
    const call = (input: Record<string, unknown>) =>
      t.call('statusTypesMgmt/createStatusType', { input: { name: 'X', roleLevel: 1, ...input } }, a.token[9]);
    expectFieldError(await call({ roleLevel: -1 }), 'input.roleLevel', MSG.statusLevelMin);
    expectFieldError(await call({ roleLevel: 10 }), 'input.roleLevel', MSG.statusLevelMax);
    expectFieldError(await call({ displayOrder: -1 }), 'input.displayOrder', MSG.displayOrderMin);
    expectFieldError(await call({ visible: 'yes' }), 'input.visible');
    expectFieldError(await call({ name: ' ' }), 'input.name', MSG.fieldRequired);
  });

  it('refuses a status type above the caller’s own level', async () => {
    const response = await t.call(
      'statusTypesMgmt/createStatusType',
      { input: { name: 'Top', roleLevel: 9 } },
      a.token[5],
    );
    expectFailure(response, 'FORBIDDEN');
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'statusTypesMgmt/createStatusType', { input: { name: 'M', roleLevel: 0 } }, 5);
  });
});

describe('statusTypesMgmt/updateStatusType and deleteStatusType', () => {
  it('updates and deletes the platform’s own status types', async () => {
    const row = await create({ name: 'Temp', roleLevel: 1 }, a.token[5]);
    const updated = resultOf<TStatusType>(
      await t.call(
        'statusTypesMgmt/updateStatusType',
        { id: row.id, input: { visible: '0', displayOrder: 2 } },
        a.token[5],
      ),
    );
    expect(updated).toMatchObject({ id: row.id, name: 'Temp', visible: '0', displayOrder: 2 });
    expectFieldError(
      await t.call('statusTypesMgmt/updateStatusType', { id: row.id, input: { displayOrder: -3 } }, a.token[5]),
      'input.displayOrder',
      MSG.displayOrderMin,
    );
    expectFailure(
      await t.call('statusTypesMgmt/updateStatusType', { id: row.id, input: { roleLevel: 9 } }, a.token[5]),
      'FORBIDDEN',
    );
    expect(resultOf(await t.call('statusTypesMgmt/deleteStatusType', { id: row.id }, a.token[5]))).toEqual({
      ok: true,
    });
    expectFailure(await t.call('statusTypesMgmt/deleteStatusType', { id: row.id }, a.token[5]), 'NOT_FOUND');
  });

  it('answers NOT_FOUND for another platform’s status type', async () => {
    const theirs = await create({ name: 'Theirs', roleLevel: 0 }, a.otherAdmin);
    expectFailure(
      await t.call('statusTypesMgmt/updateStatusType', { id: theirs.id, input: { name: 'Mine' } }, a.token[5]),
      'NOT_FOUND',
      MSG.notFound,
    );
    expectFailure(await t.call('statusTypesMgmt/deleteStatusType', { id: theirs.id }, a.token[5]), 'NOT_FOUND');
    // Level 9 manages every platform.
    const renamed = resultOf<TStatusType>(
      await t.call('statusTypesMgmt/updateStatusType', { id: theirs.id, input: { name: 'Renamed' } }, a.token[9]),
    );
    expect(renamed).toMatchObject({ name: 'Renamed', pid: a.otherPid });
  });

  it('keeps administrators off status types above their level', async () => {
    const high = await create({ name: 'High', roleLevel: 9 });
    expectFailure(await t.call('statusTypesMgmt/deleteStatusType', { id: high.id }, a.token[5]), 'FORBIDDEN');
  });

  it('is for administrators', async () => {
    const row = await create({ name: 'Matrix', roleLevel: 0 });
    await expectAccess(t, a, 'statusTypesMgmt/updateStatusType', { id: row.id, input: { name: 'Matrix' } }, 5);
    const gone = await create({ name: 'Matrix2', roleLevel: 0 });
    await expectAccess(t, a, 'statusTypesMgmt/deleteStatusType', { id: gone.id }, 5);
  });
});

describe('change events', () => {
  const call = (path: TRoutePath, body: unknown, token = a.token[5]) => callAudited(t, path, body, token);

  it('records a create, an update (naming the fields that changed) and a delete, once each', async () => {
    const input = { name: 'Checked', roleLevel: 1, displayOrder: 5 };
    const row = resultOf<TStatusType>(await call('statusTypesMgmt/createStatusType', { input }));
    const event = (action: string, data: unknown) => trailRow(action, a.pid, a.username[5], data);
    const created = event('statusType.created', { name: 'Checked' });
    expect(await changeEventsOf(t, 'statusType', row.id)).toEqual([created]);

    const patch = { name: 'Checked twice', displayOrder: 5, visible: '0' };
    resultOf(await call('statusTypesMgmt/updateStatusType', { id: row.id, input: patch }));
    const updated = event('statusType.updated', { fields: ['name', 'visible'] });
    expect(await changeEventsOf(t, 'statusType', row.id)).toEqual([created, updated]);

    resultOf(await call('statusTypesMgmt/deleteStatusType', { id: row.id }));
    const deleted = event('statusType.deleted', { name: 'Checked twice' });
    expect(await changeEventsOf(t, 'statusType', row.id)).toEqual([created, updated, deleted]);
  });

  it('gives the status type’s platform, also when level 9 changes another platform’s', async () => {
    const theirs = await create({ name: 'Far away', roleLevel: 0 }, a.otherAdmin);
    resultOf(await call('statusTypesMgmt/updateStatusType', { id: theirs.id, input: { displayOrder: 8 } }, a.token[9]));
    const [, updated] = await changeEventsOf(t, 'statusType', theirs.id);
    expect(updated).toEqual(trailRow('statusType.updated', a.otherPid, a.username[9], { fields: ['displayOrder'] }));
  });

  it('records nothing for a change that fails', async () => {
    const row = await create({ name: 'Unchanged', roleLevel: 1 }, a.token[5]);
    const high = await create({ name: 'Out of reach', roleLevel: 9 });
    const theirs = await create({ name: 'Not ours', roleLevel: 0 }, a.otherAdmin);
    await expectNoEvents(t, async () => {
      expectFieldError(
        await call('statusTypesMgmt/createStatusType', { input: { name: ' ', roleLevel: 1 } }),
        'input.name',
      );
      expectFailure(
        await call('statusTypesMgmt/createStatusType', { input: { name: 'Top', roleLevel: 9 } }),
        'FORBIDDEN',
      );
      const update = (id: number, input: unknown) => call('statusTypesMgmt/updateStatusType', { id, input });
      expectFieldError(await update(row.id, { displayOrder: -1 }), 'input.displayOrder');
      expectFailure(await update(row.id, { roleLevel: 9 }), 'FORBIDDEN');
      expectFailure(await update(theirs.id, { name: 'Mine' }), 'NOT_FOUND');
      expectFailure(await call('statusTypesMgmt/deleteStatusType', { id: high.id }), 'FORBIDDEN');
      expectFailure(await call('statusTypesMgmt/deleteStatusType', { id: theirs.id }), 'NOT_FOUND');
    });
  });
});
