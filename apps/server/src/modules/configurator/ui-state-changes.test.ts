import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyUiStateChanges, type TUiState, uiStateChanges } from '@cpq/contracts';
import { compileModel, createSession, EngineError, importXcsp, type ProductModel } from '@cpq/engine';
import { describe, expect, it } from 'vitest';
import { DEMO_MODELS_DIR } from '../products/demo-models';
import { demoModel } from './configurator.test-support';

/** A small seeded generator (a linear congruential one), so that a failing walk is the same walk again. */
const seeded = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
};

const optionsOf = (ui: TUiState) => ui.Pages.flatMap((page) => page.Screens.flatMap((screen) => screen.ScreenOptions));

/**
 * Walks a session through `steps` random choices among the enabled values of the visible list options (and back to
 * none now and then), checking at every step that the changes from the last state make the new one exactly and
 * carry fewer options than the state shows. Answers how many options the changes carried in all, against the
 * options of all the states.
 */
function walk(model: ProductModel, steps: number, seed: number): { carried: number; shown: number } {
  const session = createSession(compileModel(model));
  const random = seeded(seed);
  let ui = session.state() as TUiState;
  let carried = 0;
  let shown = 0;
  for (let step = 0; step < steps; step += 1) {
    const open = optionsOf(ui).filter((option) => option.IsVisible && option.IsEnabled);
    const lists = open.filter((option) => option.SelectableValues.some((value) => value.IsEnabled));
    const option = lists[Math.floor(random() * lists.length)];
    if (!option) break;
    const values = option.SelectableValues.filter((value) => value.IsEnabled);
    const value = random() < 0.1 ? null : values[Math.floor(random() * values.length)]?.Value;
    try {
      if (value === null || value === undefined) session.clear(option.ID);
      else session.select(option.ID, value);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      continue;
    }
    const next = session.state() as TUiState;
    const changes = uiStateChanges(ui, next);
    if (!changes) throw new Error('One session’s states have one layout');
    expect(applyUiStateChanges(ui, changes)).toEqual(next);
    expect(changes.ScreenOptions.length).toBeLessThan(optionsOf(next).length);
    carried += changes.ScreenOptions.length;
    shown += new Set(optionsOf(next).map((entry) => entry.ID)).size;
    ui = next;
  }
  return { carried, shown };
}

describe('configurator state changes over engine states', () => {
  it.each(['bicycle', 'industrial-door', 'office-chair'] as const)('make each next state of the %s', (key) => {
    const { carried, shown } = walk(demoModel(key) as unknown as ProductModel, 40, 7);
    // Seen: 38-52 options carried over 480-600 shown.
    expect(carried / shown).toBeLessThan(0.25);
  });

  it('make each next state of the Renault Megane, carrying a few of its 99 options a step', () => {
    const xml = readFileSync(join(DEMO_MODELS_DIR, 'xcsp/renault-megane.xcsp.xml'), 'utf8');
    const { carried, shown } = walk(importXcsp(xml), 30, 11);
    // Seen: 90 options carried over 2,970 shown (3 a step).
    expect(carried / shown).toBeLessThan(0.1);
  }, 60_000);
});
