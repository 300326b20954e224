import { randomUUID } from 'node:crypto';
import type { TProductView } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { insertModelVersion } from '../products/product-models.repository';
import { updateProductRow } from '../products/products.repository';
import { worstCaseModel } from './worst-case-model.test-support';

let t: TTestApp;
let a: TPlatformActors;

// A compile budget small enough that the worst case spends it quickly.
beforeAll(async () => {
  t = await createTestApp({ env: { MODEL_COMPILE_BUDGET_MS: '300' } });
  a = await createPlatformActors(t);
});
afterAll(() => t.close());

/** A product on a model version stored without the save-time check (as versions saved before it were). */
async function productOnUncheckedModel(model: Record<string, unknown>): Promise<TProductView> {
  const input = { Name: 'Probe', ProductNumber: `P-${randomUUID().slice(0, 8)}`, isNonConfigurable: false };
  const product = resultOf<TProductView>(await t.call('productManagement/createProduct', { input }, a.token[5]));
  const version = await insertModelVersion(t.database.db, {
    pid: a.pid,
    productId: product.ID,
    key: String(model.id),
    name: String(model.name),
    version: 1,
    model,
    createdByEmail: a.username[5],
  });
  const updated = await updateProductRow(t.database.db, { kind: 'platform', pid: a.pid }, product.ID, {
    modelId: version.id,
  });
  if (!updated) throw new Error('The product was not updated');
  return updated;
}

describe('a stored model version too complex to configure', () => {
  it('answers every start with 422 and the reason, never a server error', async () => {
    const product = await productOnUncheckedModel(worstCaseModel(3));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await t.call(
        'configurator/start',
        { configurationId: randomUUID(), productId: product.ID },
        a.token[1],
      );
      const body = expectFailure(response, 'MODEL_TOO_COMPLEX', undefined, 422);
      expect(body.error).toMatch(/^This product cannot be configured: its model did not compile within 0\.3 s and /);
      expect(body.error).toContain('Ask an administrator to simplify the model.');
    }
  });
});
