import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TModelSummary, TProductView } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
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
