import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ProductModel } from '../model/model';
import { parseModel } from '../model/model-validation';
import type { CompiledProduct } from '../product/product-compile';
import { createSession, type ProductSession, type ProductSessionOptions } from '../product-session/product-session';
import { seededRandom } from './random';

/** Loads and validates a demo model from the repository's `models/` folder. */
export const loadDemoModel = (file: string): ProductModel =>
  parseModel(JSON.parse(readFileSync(new URL(`../../../../models/${file}`, import.meta.url), 'utf8')));

/** A screen option of the current state by id. */
export const screenOption = (session: ProductSession, optionId: string) => {
  for (const page of session.state().Pages) {
    for (const screen of page.Screens) {
      const found = screen.ScreenOptions.find((option) => option.ID === optionId);
      if (found) return found;
    }
  }
  throw new Error(`no screen option ${optionId}`);
};

/** A number the session would accept for a number option now (the sample of a random enabled interval), or null. */
export const acceptableNumber = (session: ProductSession, optionId: string, random: () => number): number | null => {
  const intervals = session.variant.numbers.get(optionId)?.intervals ?? [];
  const candidates = intervals
    .map((interval) => interval.sample)
    .filter((n) => {
      const range = session.range(optionId);
      const inside = (range?.min ?? n) <= n && n <= (range?.max ?? n);
      return inside && session.isEnabled(optionId, n);
    });
  return candidates[Math.floor(random() * candidates.length)] ?? null;
};

/** The priced components of the session's price add up exactly to it. */
export const expectPriceItemsAddUp = (session: ProductSession) => {
  const items = session.priceItems();
  expect(items.reduce((total, item) => total + item.cents, 0)).toBe(session.state().ConfiguredPriceCents);
};

/** Every option still has somewhere to go: an enabled value, a non-empty range, a configuration left. */
const expectNoDeadEnd = (session: ProductSession) => {
  expect(session.count()).toBeGreaterThan(0n);
  for (const option of session.compiled.model.options) {
    if (option.kind === 'text') continue;
    if (option.kind === 'number') {
      const range = session.range(option.id);
      if (range?.min !== null && range?.max !== null) expect(range?.min).toBeLessThanOrEqual(range?.max ?? 0);
      expect(acceptableNumber(session, option.id, () => 0)).not.toBeNull();
    } else expect(session.validValues(option.id).length).toBeGreaterThan(0);
  }
};

/**
 * Random sessions: random options in random order get random enabled values (numbers anywhere in their current
 * range, so some are refused), some are cleared; after every step nothing is a dead end; finally every option is
 * set and exactly one configuration is left, the state is complete, and a replay rebuilds the same state.
 */
export const walkRandomSessions = (
  compiled: CompiledProduct,
  runs: number,
  seed: number,
  options: ProductSessionOptions = {},
) => {
  const random = seededRandom(seed);
  const model = compiled.model;
  for (let run = 0; run < runs; run += 1) {
    const session = createSession(compiled, options);
    for (let step = 0; step < 12; step += 1) {
      const option = model.options[Math.floor(random() * model.options.length)];
      if (!option) continue;
      if (random() < 0.1) session.clear(option.id);
      else if (option.kind === 'number') {
        const range = session.range(option.id);
        const min = range?.min ?? 0;
        const max = range?.max ?? min + 100;
        const n = Math.round((min + random() * (max - min)) / (range?.increment ?? 1)) * (range?.increment ?? 1);
        try {
          session.select(option.id, n);
        } catch {
          // Refused with a message: the state must be unchanged and still open.
        }
      } else if (option.kind === 'text') session.select(option.id, `t${step}`);
      else {
        const values = session.validValues(option.id);
        session.select(option.id, values[Math.floor(random() * values.length)] ?? '');
      }
      expectNoDeadEnd(session);
      expectPriceItemsAddUp(session);
    }
    for (const option of model.options) {
      if (session.choices().some((choice) => choice.optionId === option.id)) continue;
      if (option.kind === 'text') session.select(option.id, 'x');
      else if (option.kind === 'number') session.select(option.id, acceptableNumber(session, option.id, random) ?? 0);
      else session.select(option.id, session.validValues(option.id)[0] ?? '');
    }
    expect(session.count()).toBe(1n);
    const state = session.state();
    expect(state.IsExecutionComplete).toBe(true);
    expectPriceItemsAddUp(session);
    const replay = createSession(compiled, { ...options, choices: session.choices() });
    expect(replay.state()).toEqual(state);
  }
};
