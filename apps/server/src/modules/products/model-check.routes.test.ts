import { randomUUID } from 'node:crypto';
import type { TCheckModelResult, TDiffModelsResult, TProductView } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { createConfigurableProduct, demoModel } from '../configurator/configurator.test-support';

let t: TTestApp;
let a: TPlatformActors;
let bicycle: TProductView;
let quoteId: number;

/** The bicycle with one more rule: steel frames no longer take rim brakes. */
const stricter = () => {
  const model = demoModel('bicycle');
  const constraints = model.constraints as unknown[];
  model.constraints = [
    ...constraints,
    { kind: 'rule', id: 'steel-no-rim', rule: "frame = 'steel' implies brakes != 'rim'" },
  ];
  return model;
};

const SOLD: [string, string | number][] = [
  ['bikeType', 'road'],
  ['frame', 'steel'],
  ['riderHeight', 172],
  ['frameSize', 'M'],
  ['groupset', 'mid'],
  ['brakes', 'rim'],
  ['wheels', 'alloy'],
  ['tyreWidth', 25],
];

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  bicycle = await createConfigurableProduct(t, a.token[5], demoModel('bicycle'));
  // A past sale: a steel road bike with rim brakes, on a quote line.
  quoteId = resultOf<{ id: number }>(
    await t.call('quoteManagement/createQuote', { input: { _id: randomUUID() } }, a.token[1]),
  ).id;
  const sessionId = randomUUID();
  resultOf(await t.call('configurator/start', { configurationId: sessionId, productId: bicycle.ID }, a.token[1]));
  for (const [id, value] of SOLD) {
    resultOf(await t.call('configurator/configure', { sessionId, id, value: String(value) }, a.token[1]));
  }
  resultOf(await t.call('configurator/finish', { sessionId, quoteId }, a.token[1]));
});
afterAll(() => t.close());

describe('productManagement/checkModel', () => {
  it('finds nothing wrong with the bicycle and counts its configurations exactly', async () => {
    const result = resultOf<TCheckModelResult>(
      await t.call('productManagement/checkModel', { model: demoModel('bicycle') }, a.token[5]),
    );
    expect(result.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(result.configurations).toBe('29120');
    expect(result.replayed).toBe(0);
  });

  it('reports an injected defect with its constraints', async () => {
    const model = demoModel('bicycle');
    model.constraints = [
      ...(model.constraints as unknown[]),
      { kind: 'rule', id: 'lights-on', rule: 'lights' },
      { kind: 'rule', id: 'lights-off', rule: 'not lights' },
    ];
    const result = resultOf<TCheckModelResult>(await t.call('productManagement/checkModel', { model }, a.token[5]));
    const conflict = result.findings.find((f) => f.kind === 'no-valid-configuration');
    expect(conflict?.severity).toBe('error');
    expect([...(conflict?.constraints ?? [])].sort()).toEqual(['lights-off', 'lights-on']);
    expect(result.configurations).toBe('0');
  });

  it('replays the product’s past sales: a sale the new model forbids is a finding naming its quote, line and the fewest changes', async () => {
    const same = resultOf<TCheckModelResult>(
      await t.call('productManagement/checkModel', { model: demoModel('bicycle'), productId: bicycle.ID }, a.token[5]),
    );
    expect(same.replayed).toBe(1);
    expect(same.findings.filter((f) => f.kind === 'past-sale-invalid')).toEqual([]);
    const result = resultOf<TCheckModelResult>(
      await t.call('productManagement/checkModel', { model: stricter(), productId: bicycle.ID }, a.token[5]),
    );
    const sales = result.findings.filter((f) => f.kind === 'past-sale-invalid');
    expect(sales).toHaveLength(1);
    expect(sales[0]?.quoteId).toBe(quoteId);
    expect(sales[0]?.lineId).toEqual(expect.any(Number));
    expect(sales[0]?.changes).toHaveLength(1);
    expect(['frame', 'brakes']).toContain(sales[0]?.changes?.[0]?.option);
  });

  it('refuses a model that is not valid (400 with its problems) and a product of no one (404)', async () => {
    expectFailure(
      await t.call('productManagement/checkModel', { model: { id: 'x' } }, a.token[5]),
      'VALIDATION_FAILED',
    );
    expectFailure(
      await t.call('productManagement/checkModel', { model: demoModel('bicycle'), productId: 999_999 }, a.token[5]),
      'NOT_FOUND',
    );
  });

  it('is for administrators', async () => {
    await expectAccess(t, a, 'productManagement/checkModel', { model: demoModel('bicycle') }, 5);
  });
});

describe('productManagement/diffModels', () => {
  it('counts exactly what a new version gains and loses, with an example and the values that changed', async () => {
    const first = bicycle.modelId ?? 0;
    const saved = resultOf<{ product: TProductView }>(
      await t.call('productManagement/saveModel', { productId: bicycle.ID, model: stricter() }, a.token[5]),
    );
    const second = saved.product.modelId ?? 0;
    const diff = resultOf<TDiffModelsResult>(
      await t.call('productManagement/diffModels', { from: first, to: second }, a.token[5]),
    );
    expect(diff.gained).toBe('0');
    expect(BigInt(diff.lost)).toBeGreaterThan(0n);
    expect(BigInt(diff.fromCount) - BigInt(diff.lost)).toBe(BigInt(diff.toCount));
    expect(diff.lostExample).toMatchObject({ frame: 'steel', brakes: 'rim' });
    const back = resultOf<TDiffModelsResult>(
      await t.call('productManagement/diffModels', { from: second, to: first }, a.token[5]),
    );
    expect([back.gained, back.lost]).toEqual([diff.lost, '0']);
  });

  it('answers NOT_FOUND for a version that is not there', async () => {
    expectFailure(
      await t.call('productManagement/diffModels', { from: 999_999, to: bicycle.modelId ?? 0 }, a.token[5]),
      'NOT_FOUND',
    );
  });
});
