import { MSG, type TRoutePath } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, resultOf } from './testing/expect-api';
import { signedInUser } from './testing/factories';
import { createTestApp, type TTestApp } from './testing/test-app';

let t: TTestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  token = (await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 9 })).token;
});
afterAll(async () => {
  await t.close();
});

const WRITERS = 50;
const tag = () => crypto.randomUUID().slice(0, 8);

type TRecordKind = {
  create: [TRoutePath, () => unknown];
  /** The created record's id, from the create result. */
  idOf: (created: Record<string, unknown>) => number | string;
  update: TRoutePath;
  /** An edit that writes `value` into one field. */
  edit: (value: string) => Record<string, unknown>;
  get: (id: number | string) => [TRoutePath, unknown];
  read: (record: Record<string, unknown>) => unknown;
};

const KINDS: Record<string, TRecordKind> = {
  user: {
    create: [
      'userManagement/createUser',
      () => ({ input: { username: `v-${tag()}@example.com`, roleId: 'registered' } }),
    ],
    idOf: (created) => (created.user as { id: number }).id,
    update: 'userManagement/updateUser',
    edit: (value) => ({ firstName: value }),
    get: () => ['userManagement/getUsers', { limit: 200 }],
    read: (record) => record.firstName,
  },
  role: {
    create: ['roleManagement/createRole', () => ({ input: { name: `Role ${tag()}`, roleLevel: 1 } })],
    idOf: (created) => created.id as string,
    update: 'roleManagement/updateRole',
    edit: (value) => ({ description: value }),
    get: () => ['roleManagement/getRoles', {}],
    read: (record) => record.description,
  },
  platform: {
    create: [
      'platformManagement/createPlatform',
      () => ({ input: { id: `v-${tag()}`, name: 'V', emailAddresses: 'ops@v.example' } }),
    ],
    idOf: (created) => created.id as string,
    update: 'platformManagement/updatePlatform',
    edit: (value) => ({ name: value }),
    get: (id) => ['platformManagement/getPlatform', { id }],
    read: (record) => record.name,
  },
  product: {
    create: [
      'productManagement/createProduct',
      () => ({ input: { Name: 'V', ProductNumber: `V-${tag()}`, isNonConfigurable: true } }),
    ],
    idOf: (created) => created.ID as number,
    update: 'productManagement/updateProduct',
    edit: (value) => ({ Description: value }),
    get: (id) => ['productManagement/getProduct', { id }],
    read: (record) => record.Description,
  },
  'status type': {
    create: ['statusTypesMgmt/createStatusType', () => ({ input: { name: `S ${tag()}`, roleLevel: 0 } })],
    idOf: (created) => created.id as number,
    update: 'statusTypesMgmt/updateStatusType',
    edit: (value) => ({ name: value }),
    get: () => ['statusTypesMgmt/getStatusTypes', { limit: 200 }],
    read: (record) => record.name,
  },
  customer: {
    create: ['customerManagement/createCustomer', () => ({ input: { erpId: `V-${tag()}` } })],
    idOf: (created) => created.id as number,
    update: 'customerManagement/updateCustomer',
    edit: (value) => ({ firstName: value }),
    get: (id) => ['customerManagement/getCustomer', { id }],
    read: (record) => record.firstName,
  },
  address: {
    create: [
      'addressManagement/createAddress',
      () => ({ input: { Address: '1 Main St', City: 'Austin', State: 'TX', Zip: '78701', AddressType: 1 } }),
    ],
    idOf: (created) => created.id as number,
    update: 'addressManagement/updateAddress',
    edit: (value) => ({ City: value }),
    get: () => ['addressManagement/getAddresses', { limit: 200 }],
    read: (record) => record.City,
  },
};

/** The record as stored now: from its get route, or found by id in its list. */
async function current(kind: TRecordKind, id: number | string): Promise<Record<string, unknown>> {
  const [path, body] = kind.get(id);
  const result = resultOf<Record<string, unknown>>(await t.call(path, body, token));
  const rows = result.rows as Record<string, unknown>[] | undefined;
  const found = rows ? rows.find((row) => row.id === id || row.ID === id) : result;
  if (!found) throw new Error(`record ${id} not found`);
  return found;
}

describe.each(Object.entries(KINDS))('no lost updates: %s', (_name, kind) => {
  it(`of ${WRITERS} concurrent writers at one version exactly one wins, the others get 409`, async () => {
    const [createPath, createBody] = kind.create;
    const created = resultOf<Record<string, unknown>>(await t.call(createPath, createBody(), token));
    const id = kind.idOf(created);
    const before = await current(kind, id);
    expect(before.version).toEqual(expect.any(Number));

    const values = Array.from({ length: WRITERS }, (_, i) => `Writer ${i}`);
    const responses = await Promise.all(
      values.map((value) => t.call(kind.update, { id, version: before.version, input: kind.edit(value) }, token)),
    );
    const winners = responses.flatMap((response, i) => (response.statusCode === 200 ? [values[i]] : []));
    const losers = responses.filter((response) => response.statusCode === 409);
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(WRITERS - 1);
    for (const loser of losers) expectFailure(loser, 'CONFLICT', MSG.conflict, 409);

    // The winner's write is the one stored, and the version moved on by one: nothing was lost silently.
    const after = await current(kind, id);
    expect(kind.read(after)).toBe(winners[0]);
    expect(after.version).toBe((before.version as number) + 1);

    // A stale version stays refused; the current one is accepted (the control).
    const stale = await t.call(kind.update, { id, version: before.version, input: kind.edit('late') }, token);
    expectFailure(stale, 'CONFLICT', MSG.conflict, 409);
    resultOf(await t.call(kind.update, { id, version: after.version, input: kind.edit('fresh') }, token));
  });
});
