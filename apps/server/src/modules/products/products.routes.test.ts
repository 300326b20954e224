import { MSG, type TProductView, type TRoutePath } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';

type TPage = { rows: TProductView[]; count: number };

let t: TTestApp;
let a: TPlatformActors;

const fixed = (fields: Record<string, unknown> = {}) => ({
  Name: 'Hinge',
  ProductNumber: `P-${Math.random().toString(36).slice(2, 8)}`,
  Description: 'A hinge.',
  isNonConfigurable: true,
  defaultPrice: '38.50',
  quantityInStock: 10,
  ...fields,
});

async function create(fields: Record<string, unknown> = {}, token = a.token[5]): Promise<TProductView> {
  return resultOf<TProductView>(await t.call('productManagement/createProduct', { input: fixed(fields) }, token));
}

const list = async (body: Record<string, unknown>, token = a.token[1]) =>
  resultOf<TPage>(await t.call('productManagement/getProducts', body, token));

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  await create({
    ProductNumber: 'DR-SEAL',
    Name: 'Weather seal',
    Description: 'EPDM rubber strip',
    defaultPrice: '24.9',
  });
  await create({ ProductNumber: 'BK-LOCK', Name: 'U-lock', Description: 'Hardened steel', showInCatalog: false });
  await create({ ProductNumber: 'CH-DESK', Name: 'Desk', isNonConfigurable: false, isQuickConfig: true });
  await create({ ProductNumber: 'AA-THEIRS', Name: 'Theirs' }, a.otherAdmin);
});
afterAll(() => t.close());

describe('productManagement/getProducts', () => {
  it('lists the platform’s products by ProductNumber for any signed-in user', async () => {
    const page = await list({}, a.token[0]);
    expect(page.rows.map((row) => row.ProductNumber)).toEqual(['BK-LOCK', 'CH-DESK', 'DR-SEAL']);
    expect(page.count).toBe(3);
    expect(page.rows[2]).toMatchObject({
      Name: 'Weather seal',
      defaultPrice: '24.9000',
      pid: a.pid,
      createdByEmail: a.username[5],
    });
  });

  it('filters by the spec’s filter input', async () => {
    expect((await list({ showInCatalog: false })).rows.map((row) => row.ProductNumber)).toEqual(['BK-LOCK']);
    expect((await list({ isQuickConfig: true })).rows.map((row) => row.ProductNumber)).toEqual(['CH-DESK']);
    expect((await list({ isNonConfigurable: true, showInCatalog: true })).rows.map((row) => row.ProductNumber)).toEqual(
      ['DR-SEAL'],
    );
  });

  it('pages, sorts and searches ProductNumber, Name and Description', async () => {
    const page = await list({ limit: 1, offset: 1, order: ['Name', 'DESC'] });
    expect(page.rows.map((row) => row.Name)).toEqual(['U-lock']);
    expect(page.count).toBe(3);
    expect((await list({ search: 'dr-s' })).rows.map((row) => row.ProductNumber)).toEqual(['DR-SEAL']);
    expect((await list({ search: 'desk' })).rows.map((row) => row.ProductNumber)).toEqual(['CH-DESK']);
    expect((await list({ search: 'hardened' })).rows.map((row) => row.ProductNumber)).toEqual(['BK-LOCK']);
    expectFieldError(await t.call('productManagement/getProducts', { order: ['pid', 'ASC'] }, a.token[1]), 'order.0');
  });

  it('is for signed-in callers', async () => {
    await expectAccess(t, a, 'productManagement/getProducts', {}, 0);
  });
});

describe('productManagement/createProduct and updateProduct', () => {
  it('saves a fixed-price product with isQuickConfig false', async () => {
    const product = await create({ isQuickConfig: true, showInCatalog: true });
    expect(product).toMatchObject({
      isNonConfigurable: true,
      isQuickConfig: false,
      defaultPrice: '38.5000',
      quantityInStock: 10,
    });
  });

  it('saves a configurable product with quantityInStock and defaultPrice null', async () => {
    const product = await create({ isNonConfigurable: false, isQuickConfig: true });
    expect(product).toMatchObject({
      isNonConfigurable: false,
      isQuickConfig: true,
      defaultPrice: null,
      quantityInStock: null,
    });
  });

  it('applies the save rules to the product as it is after an update', async () => {
    const product = await create({ isNonConfigurable: false, isQuickConfig: true });
    const update = (input: Record<string, unknown>) =>
      t.call('productManagement/updateProduct', { id: product.ID, input }, a.token[5]);
    const toFixed = resultOf<TProductView>(
      await update({ isNonConfigurable: true, defaultPrice: '10', quantityInStock: 3 }),
    );
    expect(toFixed).toMatchObject({ isQuickConfig: false, defaultPrice: '10.0000', quantityInStock: 3 });
    const back = resultOf<TProductView>(await update({ isNonConfigurable: false }));
    expect(back).toMatchObject({ defaultPrice: null, quantityInStock: null, isQuickConfig: false });
    const renamed = resultOf<TProductView>(await update({ Name: 'Renamed', isQuickConfig: true }));
    expect(renamed).toMatchObject({ Name: 'Renamed', isQuickConfig: true, defaultPrice: null });
  });

  it('keeps the fields an update does not send, the description too', async () => {
    const product = await create({ Description: 'Insulated steel door' });
    const renamed = resultOf<TProductView>(
      await t.call('productManagement/updateProduct', { id: product.ID, input: { Name: 'Renamed' } }, a.token[5]),
    );
    expect(renamed).toMatchObject({ Name: 'Renamed', Description: 'Insulated steel door' });
  });

  it('strips newlines from the description and caps it at 250 characters', async () => {
    const product = await create({ Description: 'Line one\nline two\r\nthree' });
    expect(product.Description).toBe('Line one line two three');
    const response = await t.call(
      'productManagement/createProduct',
      { input: fixed({ Description: 'x'.repeat(251) }) },
      a.token[5],
    );
    expectFieldError(response, 'input.Description', MSG.descriptionTooLong);
    expect((await create({ Description: 'y'.repeat(250) })).Description).toHaveLength(250);
  });

  it('refuses a part number the platform already has, and allows it on another platform', async () => {
    const response = await t.call(
      'productManagement/createProduct',
      { input: fixed({ ProductNumber: 'DR-SEAL' }) },
      a.token[5],
    );
    const body = expectFailure(response, 'CONFLICT');
    expect(response.statusCode).toBe(409);
    expect(body.error).toContain('DR-SEAL');
    expect((await create({ ProductNumber: 'DR-SEAL' }, a.otherAdmin)).pid).toBe(a.otherPid);
    const other = await create();
    expectFailure(
      await t.call(
        'productManagement/updateProduct',
        { id: other.ID, input: { ProductNumber: 'DR-SEAL' } },
        a.token[5],
      ),
      'CONFLICT',
    );
  });

  it('checks the other fields', async () => {
    const call = (fields: Record<string, unknown>) =>
      t.call('productManagement/createProduct', { input: fixed(fields) }, a.token[5]);
    expectFieldError(await call({ Name: '' }), 'input.Name', MSG.fieldRequired);
    expectFieldError(await call({ defaultPrice: '12.345678' }), 'input.defaultPrice');
    expectFieldError(await call({ quantityInStock: -1 }), 'input.quantityInStock', MSG.positiveNumber);
    expectFieldError(await call({ ImageUrl: 'javascript:alert(1)' }), 'input.ImageUrl');
    expectFieldError(await call({ isNonConfigurable: undefined }), 'input.isNonConfigurable');
    expect((await create({ ImageUrl: '/uploads/abc.png' })).ImageUrl).toBe('/uploads/abc.png');
    // The demo products' images, so that a seeded product can be saved from the form unchanged.
    const demoImage = '/models/images/bike-road.svg';
    expect((await create({ ImageUrl: demoImage })).ImageUrl).toBe(demoImage);
    expectFieldError(await call({ ImageUrl: '/models/bicycle.json' }), 'input.ImageUrl');
  });

  it('answers NOT_FOUND for another platform’s product', async () => {
    const theirs = await create({}, a.otherAdmin);
    expectFailure(
      await t.call('productManagement/getProduct', { id: theirs.ID }, a.token[5]),
      'NOT_FOUND',
      MSG.notFound,
    );
    expectFailure(
      await t.call('productManagement/updateProduct', { id: theirs.ID, input: { Name: 'X' } }, a.token[5]),
      'NOT_FOUND',
    );
    expect(
      resultOf<TProductView>(await t.call('productManagement/getProduct', { id: theirs.ID }, a.token[9])).pid,
    ).toBe(a.otherPid);
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'productManagement/createProduct', { input: fixed() }, 5);
    const product = await create();
    await expectAccess(t, a, 'productManagement/updateProduct', { id: product.ID, input: { Name: 'M' } }, 5);
    await expectAccess(t, a, 'productManagement/getProduct', { id: product.ID }, 0);
  });
});

describe('productManagement/deleteProduct', () => {
  it('is for level 9 only', async () => {
    const product = await create();
    await expectAccess(t, a, 'productManagement/deleteProduct', { id: product.ID }, 9);
    expectFailure(await t.call('productManagement/getProduct', { id: product.ID }, a.token[5]), 'NOT_FOUND');
    expectFailure(await t.call('productManagement/deleteProduct', { id: product.ID }, a.token[9]), 'NOT_FOUND');
  });
});

describe('change events', () => {
  const call = (path: TRoutePath, body: unknown, token = a.token[5]) => callAudited(t, path, body, token);

  it('records a create, an update (naming every field that changed, by the save rules too) and a delete', async () => {
    const input = fixed({ ProductNumber: 'AUD-1', Description: '', isNonConfigurable: false, isQuickConfig: true });
    const row = resultOf<TProductView>(await call('productManagement/createProduct', { input }));
    const created = trailRow('product.created', a.pid, a.username[5], { ProductNumber: 'AUD-1' });
    expect(await changeEventsOf(t, 'product', row.ID)).toEqual([created]);

    // A fixed-price product is never quick-config; the Name sent as it was is no change.
    const patch = { Name: row.Name, isNonConfigurable: true, defaultPrice: '10', quantityInStock: 3 };
    resultOf(await call('productManagement/updateProduct', { id: row.ID, input: patch }));
    const fields = ['isNonConfigurable', 'defaultPrice', 'isQuickConfig', 'quantityInStock'];
    const updated = trailRow('product.updated', a.pid, a.username[5], { fields });
    expect(await changeEventsOf(t, 'product', row.ID)).toEqual([created, updated]);

    resultOf(await call('productManagement/deleteProduct', { id: row.ID }, a.token[9]));
    const deleted = trailRow('product.deleted', a.pid, a.username[9], { ProductNumber: 'AUD-1' });
    expect(await changeEventsOf(t, 'product', row.ID)).toEqual([created, updated, deleted]);
  });

  it('gives the product’s platform, also when level 9 deletes another platform’s', async () => {
    const theirs = await create({ ProductNumber: 'AUD-2' }, a.otherAdmin);
    resultOf(await call('productManagement/deleteProduct', { id: theirs.ID }, a.token[9]));
    const [, deleted] = await changeEventsOf(t, 'product', theirs.ID);
    expect(deleted).toEqual(trailRow('product.deleted', a.otherPid, a.username[9], { ProductNumber: 'AUD-2' }));
  });

  it('records nothing for a change that fails', async () => {
    const row = await create({ ProductNumber: 'AUD-3' });
    const theirs = await create({}, a.otherAdmin);
    await expectNoEvents(t, async () => {
      const createCall = (fields: Record<string, unknown>) =>
        call('productManagement/createProduct', { input: fixed(fields) });
      expectFailure(await createCall({ ProductNumber: 'AUD-3' }), 'CONFLICT');
      expectFieldError(await createCall({ Name: '' }), 'input.Name');
      const update = (id: number, input: unknown) => call('productManagement/updateProduct', { id, input });
      expectFailure(await update(theirs.ID, { Name: 'Mine' }), 'NOT_FOUND');
      expectFailure(await update(row.ID, { ProductNumber: 'DR-SEAL' }), 'CONFLICT');
      expectFieldError(await update(row.ID, { quantityInStock: -1 }), 'input.quantityInStock');
      expectFailure(await call('productManagement/deleteProduct', { id: 999_999 }, a.token[9]), 'NOT_FOUND');
    });
  });
});
