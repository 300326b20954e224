import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TProductView, TStartResult, TUiState } from '@cpq/contracts';
import { resultOf } from '../../testing/expect-api';
import type { TTestApp } from '../../testing/test-app';
import { DEMO_MODELS_DIR } from '../products/demo-models';

export type TDemoModelKey = 'bicycle' | 'industrial-door' | 'office-chair';

/** Answers that complete the demo bicycle as a road bike (list price $1,309.00). */
export const ROAD_BIKE: [string, string | number][] = [
  ['bikeType', 'road'],
  ['frame', 'alu'],
  ['riderHeight', 178],
  ['frameSize', 'M'],
  ['groupset', 'mid'],
  ['brakes', 'mechdisc'],
  ['wheels', 'alloy'],
  ['tyreWidth', 28],
];

/** Answers that complete the demo office chair as an executive chair in tan leather on hard casters. */
export const EXECUTIVE_CHAIR: [string, string][] = [
  ['series', 'executive'],
  ['upholstery', 'leather'],
  ['color', 'tan'],
  ['casters', 'hard'],
];

/** A demo model's JSON from `models/`. */
export function demoModel(key: TDemoModelKey): Record<string, unknown> {
  return JSON.parse(readFileSync(join(DEMO_MODELS_DIR, `${key}.json`), 'utf8')) as Record<string, unknown>;
}

/** A configurable product of the administrator's platform running `model` (saved as its version 1). */
export async function createConfigurableProduct(
  t: TTestApp,
  adminToken: string,
  model: Record<string, unknown>,
  fields: Record<string, unknown> = {},
): Promise<TProductView> {
  const input = {
    Name: String(model.name ?? 'Configurable'),
    ProductNumber: `CFG-${randomUUID().slice(0, 8)}`,
    isNonConfigurable: false,
    ...fields,
  };
  const product = resultOf<TProductView>(await t.call('productManagement/createProduct', { input }, adminToken));
  const saved = resultOf<{ product: TProductView }>(
    await t.call('productManagement/saveModel', { productId: product.ID, model }, adminToken),
  );
  return saved.product;
}

/** Starts a new configuration of a product; answers the start result. */
export async function startConfiguration(
  t: TTestApp,
  token: string,
  productId: number,
  extra: Record<string, unknown> = {},
): Promise<TStartResult> {
  const body = { configurationId: randomUUID(), productId, ...extra };
  return resultOf<TStartResult>(await t.call('configurator/start', body, token));
}

/** The screen option of `id` in a state. */
export function screenOption(ui: TUiState, id: string) {
  for (const page of ui.Pages) {
    for (const screen of page.Screens) {
      const found = screen.ScreenOptions.find((option) => option.ID === id);
      if (found) return found;
    }
  }
  throw new Error(`No option ${id} in the state`);
}
