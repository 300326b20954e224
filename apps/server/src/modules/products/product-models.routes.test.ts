import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TModelSummary, TProductView, TRoutePath } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, expectNoEvents, trailRow } from '../audit/audit.test-support';
import { demoModel } from '../configurator/configurator.test-support';
import { worstCaseModel } from '../configurator/worst-case-model.test-support';
import { readDemoModels } from './demo-models';

type TModels = { rows: TModelSummary[]; count: number };
type TSaved = { product: TProductView; model: TModelSummary };

let t: TTestApp;
let a: TPlatformActors;

const model = (name = 'Desk') => ({ id: 'desk', name, version: 1, options: [], pages: [], constraints: [] });

async function createProduct(token = a.token[5]): Promise<TProductView> {
  const input = {
    Name: 'Desk',
    ProductNumber: `D-${Math.random().toString(36).slice(2, 8)}`,
    isNonConfigurable: false,
  };
  return resultOf<TProductView>(await t.call('productManagement/createProduct', { input }, token));
}

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
});
afterAll(() => t.close());

describe('productManagement/saveModel', () => {
  it('saves a new version per save and points the product at the newest', async () => {
    const product = await createProduct();
    const first = resultOf<TSaved>(
      await t.call('productManagement/saveModel', { productId: product.ID, model: model() }, a.token[5]),
    );
    expect(first.model).toMatchObject({
      source: 'uploaded',
      key: 'desk',
      name: 'Desk',
      version: 1,
      productId: product.ID,
    });
    expect(first.product.modelId).toBe(first.model.id);

    const second = resultOf<TSaved>(
      await t.call('productManagement/saveModel', { productId: product.ID, model: model('Desk v2') }, a.token[5]),
    );
    expect(second.model.version).toBe(2);
    expect(second.product.modelId).toBe(second.model.id);
    expect(second.model.id).not.toBe(first.model.id);

    // The old version is still there for the quote lines that use it.
    const models = resultOf<TModels>(await t.call('productManagement/getModels', {}, a.token[5]));
    const versions = models.rows.filter((row) => row.productId === product.ID).map((row) => [row.version, row.name]);
    expect(versions).toEqual([
      [1, 'Desk'],
      [2, 'Desk v2'],
    ]);
  });

  it('refuses what is not a model, naming each problem', async () => {
    const product = await createProduct();
    const response = await t.call(
      'productManagement/saveModel',
      { productId: product.ID, model: { name: 'x', options: {} } },
      a.token[5],
    );
    const body = expectFieldError(response, 'model.id');
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details?.map((detail) => detail.path)).toEqual(
      expect.arrayContaining(['model.options', 'model.pages']),
    );
    expectFieldError(
      await t.call('productManagement/saveModel', { productId: product.ID, model: [] }, a.token[5]),
      'model',
    );
    // A reference the schema alone cannot check: the engine's cross-reference validation names it.
    const dangling = {
      ...model(),
      pages: [{ id: 'p', caption: 'P', screens: [{ id: 's', caption: 'S', options: ['nope'] }] }],
    };
    const crossRef = await t.call(
      'productManagement/saveModel',
      { productId: product.ID, model: dangling },
      a.token[5],
    );
    expect(crossRef.statusCode).toBe(400);
    expect(crossRef.json().details[0].path).toMatch(/^model\.pages\[0\]/);
  });

  it('lets a product use a model of its own platform only', async () => {
    const product = await createProduct();
    const saved = resultOf<TSaved>(
      await t.call('productManagement/saveModel', { productId: product.ID, model: model() }, a.token[5]),
    );
    const other = await createProduct();
    const linked = resultOf<TProductView>(
      await t.call('productManagement/updateProduct', { id: other.ID, input: { modelId: saved.model.id } }, a.token[5]),
    );
    expect(linked.modelId).toBe(saved.model.id);
    const theirs = await createProduct(a.otherAdmin);
    expectFailure(
      await t.call(
        'productManagement/updateProduct',
        { id: theirs.ID, input: { modelId: saved.model.id } },
        a.token[9],
      ),
      'NOT_FOUND',
    );
    expectFailure(
      await t.call('productManagement/saveModel', { productId: theirs.ID, model: model() }, a.token[5]),
      'NOT_FOUND',
    );
    const forOthers = resultOf<TModels>(await t.call('productManagement/getModels', {}, a.otherAdmin));
    expect(forOthers.rows.filter((row) => row.source === 'uploaded')).toEqual([]);
  });

  it('is for administrators', async () => {
    const product = await createProduct();
    await expectAccess(t, a, 'productManagement/saveModel', { productId: product.ID, model: model() }, 5);
    await expectAccess(t, a, 'productManagement/getModels', {}, 5);
  });
});

describe('a model too complex to configure', () => {
  // Its own app, with a compile budget small enough that the worst case spends it quickly.
  let small: TTestApp;
  let actors: TPlatformActors;
  beforeAll(async () => {
    small = await createTestApp({ env: { MODEL_COMPILE_BUDGET_MS: '300' } });
    actors = await createPlatformActors(small);
  });
  afterAll(() => small.close());

  it('is refused at save with 422 and the reason, and nothing is stored', async () => {
    const input = { Name: 'Probe', ProductNumber: 'PROBE-1', isNonConfigurable: false };
    const product = resultOf<TProductView>(
      await small.call('productManagement/createProduct', { input }, actors.token[5]),
    );
    await expectNoEvents(small, async () => {
      const save = { productId: product.ID, model: worstCaseModel(1) };
      const body = expectFailure(
        await callAudited(small, 'productManagement/saveModel', save, actors.token[5]),
        'MODEL_TOO_COMPLEX',
        undefined,
        422,
      );
      expect(body.error).toMatch(/^This model is too complex to configure: it did not compile within 0\.3 s and /);
      expect(body.error).toContain('Make it smaller');
      expect(body.details).toEqual([{ path: 'model', message: body.error }]);
    });
    const models = resultOf<TModels>(await small.call('productManagement/getModels', {}, actors.token[5]));
    expect(models.rows.filter((row) => row.productId === product.ID)).toEqual([]);
    const after = resultOf<TProductView>(
      await small.call('productManagement/getProduct', { id: product.ID }, actors.token[5]),
    );
    expect(after.modelId).toBeNull();
    // A model that compiles is saved by the same app, and its first start needs no compile.
    const saved = resultOf<TSaved>(
      await small.call(
        'productManagement/saveModel',
        { productId: product.ID, model: demoModel('office-chair') },
        actors.token[5],
      ),
    );
    expect(saved.product.modelId).toBe(saved.model.id);
  });
});

describe('change events', () => {
  const call = (path: TRoutePath, body: unknown, token = a.token[5]) => callAudited(t, path, body, token);
  const save = async (productId: number, name?: string) =>
    resultOf<TSaved>(await call('productManagement/saveModel', { productId, model: model(name) }));

  it('records a saved version as created, with its version, and the product’s modelId as updated', async () => {
    const product = await createProduct();
    const first = await save(product.ID);
    const second = await save(product.ID, 'Desk v2');
    for (const [saved, version] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const created = trailRow('productModel.created', a.pid, a.username[5], { productId: product.ID, version });
      expect(await changeEventsOf(t, 'productModel', saved.model.id ?? 0)).toEqual([created]);
    }
    const [, ...updates] = await changeEventsOf(t, 'product', product.ID);
    const updated = trailRow('product.updated', a.pid, a.username[5], { fields: ['modelId'] });
    expect(updates).toEqual([updated, updated]);
  });

  it('records each version unlinked from a deleted product', async () => {
    const product = await createProduct();
    const versions = [await save(product.ID), await save(product.ID)];
    resultOf(await call('productManagement/deleteProduct', { id: product.ID }, a.token[9]));
    const unlinked = trailRow('productModel.updated', a.pid, a.username[9], { fields: ['productId'] });
    for (const saved of versions) {
      const [, updated] = await changeEventsOf(t, 'productModel', saved.model.id ?? 0);
      expect(updated).toEqual(unlinked);
    }
    const models = resultOf<TModels>(await t.call('productManagement/getModels', {}, a.token[5]));
    const ids = versions.map((saved) => saved.model.id);
    expect(models.rows.filter((row) => ids.includes(row.id)).map((row) => row.productId)).toEqual([null, null]);
  });

  it('records nothing for a save that fails', async () => {
    const product = await createProduct();
    const theirs = await createProduct(a.otherAdmin);
    await expectNoEvents(t, async () => {
      const saveCall = (productId: number, body: unknown) =>
        call('productManagement/saveModel', { productId, model: body });
      expectFieldError(await saveCall(product.ID, { name: 'x' }), 'model.id');
      expectFailure(await saveCall(theirs.ID, model()), 'NOT_FOUND');
      expectFailure(await saveCall(999_999, model()), 'NOT_FOUND');
    });
  });
});

describe('demo models', () => {
  it('reads the valid models of a folder and skips the rest; a missing folder has none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cpq-models-'));
    await writeFile(join(dir, 'desk.json'), JSON.stringify(model('Demo desk')));
    await writeFile(join(dir, 'broken.json'), '{ not json');
    await writeFile(join(dir, 'not-a-model.json'), JSON.stringify({ hello: 'world' }));
    await writeFile(join(dir, 'notes.txt'), 'ignored');
    const models = await readDemoModels(dir);
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({
      id: null,
      source: 'demo',
      key: 'desk',
      name: 'Demo desk',
      fileName: 'desk.json',
    });
    expect(await readDemoModels(join(dir, 'missing'))).toEqual([]);
  });
});
