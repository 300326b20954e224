import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DisabledValueError } from '../model/errors';
import type { ProductModel } from '../model/model';
import { importXcsp } from '../model/xcsp';
import { createSession } from '../session/session';
import { compileDiagram, compileModel } from './compile';
import { lowerRules, tableFromPredicate } from './rules';

const bike = (): ProductModel => ({
  id: 'bike',
  name: 'Bike',
  version: 1,
  options: [
    {
      id: 'frame',
      caption: 'Frame',
      kind: 'single',
      displayType: 'dropdown',
      values: [{ value: 'alu' }, { value: 'carbon' }],
    },
    {
      id: 'brakes',
      caption: 'Brakes',
      kind: 'single',
      displayType: 'dropdown',
      values: [{ value: 'rim' }, { value: 'disc' }],
    },
    { id: 'bell', caption: 'Bell', kind: 'boolean', displayType: 'checkbox' },
    { id: 'note', caption: 'Note', kind: 'text', displayType: 'textbox' },
  ],
  pages: [],
  constraints: [
    {
      kind: 'table',
      id: 'no-carbon-rim',
      options: ['frame', 'brakes'],
      semantics: 'forbidden',
      tuples: [['carbon', 'rim']],
    },
    { kind: 'rule', id: 'bell-alu', rule: "bell = true implies frame = 'alu'" },
  ],
});

/** Stands in for the expression language: lowers the one rule of `bike()` through the documented hook. */
const lowerBellRule = (rule: { id: string }, model: ProductModel) => [
  tableFromPredicate(model, rule.id, ['bell', 'frame'], ([bell, frame]) => bell !== 'True' || frame === 'alu'),
];

describe('compileModel', () => {
  it('conjoins rules lowered through the hook with the tables', () => {
    expect(lowerRules(bike(), lowerBellRule)[0]?.tuples).toHaveLength(3);
    const session = createSession(compileModel(bike(), { lowerRule: lowerBellRule }));
    expect(session.count()).toBe(5n);
    session.select('bell', 'True');
    expect(session.validValues('frame')).toEqual(['alu']);
    expect(session.optionState('frame')).toMatchObject({ isImplied: true, fixedValue: 'alu', choice: undefined });
    session.select('note', 'free text');
    expect(session.validValues('note')).toEqual([]);
  });

  it('changes a choice by dropping the conflicting ones only when asked, and reports them', () => {
    const session = createSession(compileModel(bike(), { lowerRule: lowerBellRule }));
    session.select('brakes', 'rim');
    session.select('bell', 'True');
    expect(session.validValues('frame')).toEqual(['alu']);
    expect(() => session.select('frame', 'carbon')).toThrow(DisabledValueError);
    const explanation = session.explain('frame', 'carbon');
    // Either choice alone excludes carbon, so a minimal conflict holds exactly one of them; both must change.
    expect(explanation.conflict).toHaveLength(1);
    expect(explanation.changes).toHaveLength(2);
    const { dropped } = session.select('frame', 'carbon', { dropConflicting: true });
    expect(dropped.map((c) => c.optionId)).toEqual(['brakes', 'bell']);
    expect(session.choices()).toEqual([{ optionId: 'frame', value: 'carbon' }]);
  });

  it('falls back to search when the budget is spent, and says so', () => {
    const compiled = compileModel(bike(), { lowerRule: lowerBellRule, maxNodes: 1 });
    expect(compiled.guarantee).toBe('incomplete');
    const session = createSession(compiled, { choices: [{ optionId: 'frame', value: 'carbon' }] });
    expect(session.validValues('brakes')).toEqual(['disc']);
    expect(session.count()).toBe(1n);
  });

  it('never hangs on a big model with a tiny budget', () => {
    const megane = importXcsp(
      readFileSync(new URL('../../../../models/xcsp/renault-megane.xcsp.xml', import.meta.url), 'utf8'),
    );
    let clock = 0;
    const compiled = compileModel(megane, { budgetMs: 50, now: () => (clock += 10) });
    expect(compiled.guarantee).toBe('incomplete');
  });

  it('handles models without constraints and models without solutions', () => {
    const free = { ...bike(), constraints: [] };
    expect(createSession(compileModel(free)).count()).toBe(8n);
    const none = {
      ...free,
      constraints: [
        { kind: 'table' as const, id: 'none', options: ['frame'], semantics: 'allowed' as const, tuples: [] },
      ],
    };
    const session = createSession(compileModel(none));
    expect(session.count()).toBe(0n);
    expect(session.validValues('brakes')).toEqual([]);
  });

  it('assembles from a diagram compiled apart (and moved between threads) exactly what it compiles itself', () => {
    const options = { lowerRule: lowerBellRule };
    // structuredClone copies the way postMessage does: plain data and typed arrays only.
    const diagram = structuredClone(compileDiagram(bike(), options));
    expect(diagram.mdd?.edgeCount).toBeGreaterThan(0);
    let clock = 0;
    const assembled = compileModel(bike(), { ...options, diagram, now: () => (clock += 1) });
    const compiled = compileModel(bike(), options);
    expect(assembled.guarantee).toBe('complete');
    expect(assembled.stats).toMatchObject({ edges: compiled.stats.edges, nodes: compiled.stats.nodes });
    // Assembling does not compile: only its own two clock readings are added to the diagram's compile time.
    expect(assembled.stats.compileMs).toBe(diagram.compileMs + 1);
    const session = createSession(assembled);
    session.select('bell', 'True');
    expect(session.validValues('frame')).toEqual(['alu']);
    expect(session.count()).toBe(createSession(compiled, { choices: session.choices() }).count());
  });

  it('carries a diagram that did not fit as the search fallback, and refuses one made for another model', () => {
    const unfit = compileDiagram(bike(), { lowerRule: lowerBellRule, maxNodes: 1 });
    expect(unfit.mdd).toBeNull();
    expect(compileModel(bike(), { lowerRule: lowerBellRule, diagram: unfit }).guarantee).toBe('incomplete');
    const smaller = { ...bike(), options: bike().options.slice(0, 2), constraints: [] };
    const diagram = compileDiagram(smaller);
    expect(() => compileModel(bike(), { lowerRule: lowerBellRule, diagram })).toThrow(/another model/);
  });
});
