import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isFiniteOption, type ProductModel } from '../model/model';
import { parseModel } from '../model/model-validation';
import { importXcsp } from '../model/xcsp';
import { compileModel } from '../product/product-compile';
import { loadDemoModel } from '../testing/demo';
import { diffModels } from './diff';

/** The combinations of the finite options some valid configuration has, by brute force over the core. */
const projected = (model: ProductModel, ids: readonly string[]): Set<string> => {
  const core = compileModel(model).variant({}).core;
  const { problem } = core;
  const vars = ids.map((id) => problem.varIndex.get(id) ?? -1);
  const assign = new Int32Array(problem.optionIds.length).fill(-1);
  const found = new Set<string>();
  const walk = (k: number): void => {
    if (!core.reasoner.isFeasible(assign)) return;
    if (k === vars.length) {
      found.add(vars.map((x) => problem.domains[x]?.[assign[x] ?? 0]).join('|'));
      return;
    }
    const x = vars[k] ?? 0;
    for (let v = 0; v < (problem.domains[x]?.length ?? 0); v += 1) {
      assign[x] = v;
      walk(k + 1);
    }
    assign[x] = -1;
  };
  walk(0);
  return found;
};

const bicycle = () => structuredClone(loadDemoModel('bicycle.json'));

describe('diffModels', () => {
  it('finds nothing between a model and itself', () => {
    const diff = diffModels(bicycle(), bicycle());
    expect(diff.gained).toBe(0n);
    expect(diff.lost).toBe(0n);
    expect(diff.valueChanges).toEqual([]);
    expect(diff.fromCount).toBe(diff.toCount);
  });

  it('counts exactly the combinations a new rule removes and one that allows more, as brute force does', () => {
    const from = bicycle();
    from.constraints = from.constraints.filter((c) => c.id !== 'carbon-no-rim');
    const to = bicycle();
    to.constraints.push({ kind: 'rule', id: 'no-steel', rule: "frame != 'steel'" });
    const shared = to.options.filter(isFiniteOption).map((o) => o.id);
    const before = projected(parseModel(from), shared);
    const after = projected(parseModel(to), shared);
    const diff = diffModels(parseModel(from), parseModel(to));
    expect(diff.gained).toBe(BigInt([...after].filter((key) => !before.has(key)).length));
    expect(diff.lost).toBe(BigInt([...before].filter((key) => !after.has(key)).length));
    expect(diff.fromCount).toBe(BigInt(before.size));
    expect(diff.toCount).toBe(BigInt(after.size));
    expect(diff.lost).toBeGreaterThan(0n);
    expect(diff.gained).toBe(0n);
    expect(diff.lostExample?.frame === 'steel' || diff.lostExample?.brakes === 'rim').toBe(true);
    expect(diff.valueChanges).toContainEqual({ option: 'frame', value: 'steel', change: 'no-longer-available' });
  });

  it('counts gained combinations and new values, and projects out an added option', () => {
    const from = bicycle();
    const to = bicycle();
    const rack = to.options.find((o) => o.id === 'rack');
    rack?.values?.push({ value: 'basket', price: 2500 });
    to.options.push({ id: 'bell', caption: 'Bell', kind: 'boolean', displayType: 'checkbox' });
    to.constraints.push({ kind: 'rule', id: 'bell-city', rule: "bell implies bikeType = 'city'" });
    to.pages[0]?.screens[0]?.options.push('bell');
    const diff = diffModels(parseModel(from), parseModel(to));
    const shared = diff.sharedOptions;
    expect(shared).not.toContain('bell');
    expect(diff.addedOptions).toEqual(['bell']);
    const before = projected(parseModel(from), shared);
    const after = projected(parseModel(to), shared);
    expect(diff.gained).toBe(BigInt([...after].filter((key) => !before.has(key)).length));
    expect(diff.gained).toBeGreaterThan(0n);
    expect(diff.lost).toBe(0n);
    expect(diff.gainedExample?.rack).toBe('basket');
    expect(diff.valueChanges).toContainEqual({ option: 'rack', value: 'basket', change: 'added' });
  });

  it('on Renault Megane, loses exactly the configurations a forbidden value had (counted on its own diagram)', () => {
    const megane = importXcsp(
      readFileSync(new URL('../../../../models/xcsp/renault-megane.xcsp.xml', import.meta.url), 'utf8'),
    );
    const first = megane.options[0];
    const value = first?.values?.[0]?.value ?? '';
    const changed = {
      ...megane,
      constraints: [
        ...megane.constraints,
        {
          kind: 'table' as const,
          id: 'extra',
          options: [first?.id ?? ''],
          semantics: 'forbidden' as const,
          tuples: [[value]],
        },
      ],
    };
    const diff = diffModels(megane, changed);
    const core = compileModel(megane).variant({}).core;
    const assign = new Int32Array(core.problem.optionIds.length).fill(-1);
    assign[core.problem.varIndex.get(first?.id ?? '') ?? 0] =
      core.problem.valueIndex[core.problem.varIndex.get(first?.id ?? '') ?? 0]?.get(value) ?? 0;
    expect(diff.fromCount).toBe(2_835_456_006_272n);
    expect(diff.lost).toBe(core.reasoner.count(assign));
    expect(diff.gained).toBe(0n);
    expect(diff.lostExample?.[first?.id ?? '']).toBe(value);
  }, 60_000);
});
