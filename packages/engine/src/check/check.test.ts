import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelConstraint, ProductModel } from '../model/model';
import { parseModel } from '../model/model-validation';
import { importXcsp } from '../model/xcsp';
import { loadDemoModel } from '../testing/demo';
import { type CheckFinding, checkModel } from './check';
import type { FindingKind } from './types';

const MEGANE = new URL('../../../../models/xcsp/renault-megane.xcsp.xml', import.meta.url);

type Expected = { kind: FindingKind; constraints?: string[]; options?: string[]; values?: [string, string][] };
type Defect = { name: string; mutate: (model: ProductModel) => void; expected: Expected };

const rule = (id: string, text: string): ModelConstraint => ({ kind: 'rule', id, rule: text });
const option = (model: ProductModel, id: string) => {
  const found = model.options.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no option ${id}`);
  return found;
};
const constraint = (model: ProductModel, id: string) => {
  const found = model.constraints.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no constraint ${id}`);
  return found;
};

/** What a demo model offers the generic defects: a single option with two values, a checkbox, and so on. */
type Picks = {
  file: string;
  single: string;
  a1: string;
  a2: string;
  flag: string;
  rule: string;
  table: string;
  hideable: string;
  number: string;
  numberFloor: number;
};

/** Small mutations, each one known defect, of a demo model. */
const defectsOf = (p: Picks): Defect[] => [
  {
    name: 'a table forbidding a value',
    mutate: (m) => {
      m.constraints.push({ kind: 'table', id: 'no-a1', options: [p.single], semantics: 'forbidden', tuples: [[p.a1]] });
    },
    expected: { kind: 'dead-value', constraints: ['no-a1'], values: [[p.single, p.a1]] },
  },
  {
    name: 'a rule forbidding a value',
    mutate: (m) => m.constraints.push(rule('never-a2', `${p.single} != '${p.a2}'`)),
    expected: { kind: 'dead-value', constraints: ['never-a2'], values: [[p.single, p.a2]] },
  },
  {
    name: 'a contradictory pair of rules on a checkbox',
    mutate: (m) => m.constraints.push(rule('flag-on', p.flag), rule('flag-off', `not ${p.flag}`)),
    expected: { kind: 'no-valid-configuration', constraints: ['flag-on', 'flag-off'] },
  },
  {
    name: 'a contradictory pair of rules on a single option',
    mutate: (m) =>
      m.constraints.push(rule('only-a1', `${p.single} = '${p.a1}'`), rule('only-a2', `${p.single} = '${p.a2}'`)),
    expected: { kind: 'no-valid-configuration', constraints: ['only-a1', 'only-a2'] },
  },
  {
    name: 'an allowed table without rows',
    mutate: (m) =>
      m.constraints.push({ kind: 'table', id: 'nothing', options: [p.single], semantics: 'allowed', tuples: [] }),
    expected: { kind: 'constraint-removes-everything', constraints: ['nothing'] },
  },
  {
    name: 'a rule that is never true',
    mutate: (m) => m.constraints.push(rule('absurd', `${p.single} = '${p.a1}' and ${p.single} != '${p.a1}'`)),
    expected: { kind: 'constraint-removes-everything', constraints: ['absurd'] },
  },
  {
    name: 'a duplicate rule',
    mutate: (m) => m.constraints.push({ ...constraint(m, p.rule), id: 'rule-copy' }),
    expected: { kind: 'redundant-constraint', constraints: ['rule-copy'] },
  },
  {
    name: 'a duplicate table',
    mutate: (m) => m.constraints.push({ ...constraint(m, p.table), id: 'table-copy' }),
    expected: { kind: 'redundant-constraint', constraints: ['table-copy'] },
  },
  {
    name: 'a rule that always holds',
    mutate: (m) => m.constraints.push(rule('always', `${p.single} = '${p.a1}' implies ${p.single} != '${p.a2}'`)),
    expected: { kind: 'redundant-constraint', constraints: ['always'] },
  },
  {
    name: 'a default that is not a value',
    mutate: (m) => {
      option(m, p.single).default = 'no-such-value';
    },
    expected: { kind: 'invalid-default', options: [p.single] },
  },
  {
    name: 'a default no valid configuration has',
    mutate: (m) => {
      option(m, p.single).default = p.a1;
      m.constraints.push(rule('not-a1', `${p.single} != '${p.a1}'`));
    },
    expected: { kind: 'invalid-default', values: [[p.single, p.a1]] },
  },
  {
    name: 'a negative base price',
    mutate: (m) => {
      m.pricing = { ...(m.pricing ?? { base: 0 }), base: -100_000_000 };
    },
    expected: { kind: 'negative-price' },
  },
  {
    name: 'a discount line larger than any price',
    mutate: (m) => {
      const lines = m.pricing?.lines ?? [];
      m.pricing = {
        base: m.pricing?.base ?? 0,
        lines: [...lines, { id: 'huge-discount', when: `${p.single} = '${p.a1}'`, amount: '-100000000' }],
      };
    },
    expected: { kind: 'negative-price' },
  },
  {
    name: 'a price line dividing by zero',
    mutate: (m) => {
      const lines = m.pricing?.lines ?? [];
      m.pricing = {
        base: m.pricing?.base ?? 0,
        lines: [...lines, { id: 'bad-line', amount: `1000 / (if ${p.single} = '${p.a1}' then 0 else 1)` }],
      };
    },
    expected: { kind: 'formula-fails', options: [p.single] },
  },
  {
    name: 'a detail dividing by zero',
    mutate: (m) => {
      m.outputs = {
        ...m.outputs,
        details: [
          ...(m.outputs?.details ?? []),
          { caption: 'Ratio', value: `1 / (if ${p.single} = '${p.a2}' then 0 else 2)` },
        ],
      };
    },
    expected: { kind: 'formula-fails', options: [p.single] },
  },
  {
    name: 'a message condition dividing by zero',
    mutate: (m) => {
      m.messages = [
        ...(m.messages ?? []),
        { id: 'odd', severity: 'Warning', text: 'Odd', when: `10 / (if ${p.single} = '${p.a1}' then 0 else 1) > 5` },
      ];
    },
    expected: { kind: 'formula-fails', options: [p.single] },
  },
  {
    name: 'an option hidden in every valid configuration',
    mutate: (m) => {
      option(m, p.hideable).visibleWhen = `${p.flag} and not ${p.flag}`;
    },
    expected: { kind: 'option-never-settable', options: [p.hideable] },
  },
  {
    name: 'a number range the rules cut off',
    mutate: (m) => m.constraints.push(rule('number-floor', `${p.number} >= ${p.numberFloor}`)),
    expected: { kind: 'dead-number-range', options: [p.number], constraints: ['number-floor'] },
  },
];

const DEMOS: Picks[] = [
  {
    file: 'bicycle.json',
    single: 'frame',
    a1: 'alu',
    a2: 'steel',
    flag: 'lights',
    rule: 'carbon-no-rim',
    table: 'groupset-by-type',
    hideable: 'rack',
    number: 'riderHeight',
    numberFloor: 150,
  },
  {
    file: 'office-chair.json',
    single: 'upholstery',
    a1: 'mesh',
    a2: 'fabric',
    flag: 'lumbar',
    rule: 'headrest-lumbar',
    table: 'colours-by-upholstery',
    hideable: 'casters',
    number: 'seatDepth',
    numberFloor: 18,
  },
  {
    file: 'industrial-door.json',
    single: 'windLoad',
    a1: 'class2',
    a2: 'class3',
    flag: 'safetyEdge',
    rule: 'manual-no-remotes',
    table: 'high-speed-motor',
    hideable: 'remotes',
    number: 'height',
    numberFloor: 2000,
  },
];

const matches = (finding: CheckFinding, expected: Expected): boolean =>
  finding.kind === expected.kind &&
  (expected.constraints ?? []).every((id) => finding.constraints.includes(id)) &&
  (expected.options ?? []).every((id) => finding.options.includes(id)) &&
  (expected.values ?? []).every(([o, v]) => finding.values.some((value) => value.option === o && value.value === v));

/** Findings that say something is wrong (errors and warnings). */
const defects = (findings: readonly CheckFinding[]) => findings.filter((f) => f.severity !== 'info');

describe('checkModel on the clean demo models', () => {
  for (const file of [
    'bicycle.json',
    'office-chair.json',
    'industrial-door.json',
    'built-in/quote-review.json',
    'built-in/order-writeup.json',
  ]) {
    it(`finds nothing wrong with ${file}`, () => {
      const report = checkModel(loadDemoModel(file));
      expect(defects(report.findings)).toEqual([]);
      expect(report.configurations).toBeGreaterThan(0n);
    });
  }
});

describe('checkModel finds every injected defect in the demo models', () => {
  for (const picks of DEMOS) {
    for (const defect of defectsOf(picks)) {
      it(`${picks.file}: ${defect.name}`, () => {
        const model = structuredClone(loadDemoModel(picks.file));
        defect.mutate(model);
        const report = checkModel(parseModel(model));
        const found = report.findings.filter((finding) => matches(finding, defect.expected));
        expect(found, JSON.stringify(report.findings, null, 1)).not.toHaveLength(0);
        for (const finding of found) {
          if (finding.kind === 'negative-price' || finding.kind === 'formula-fails')
            expect(finding.example).toBeDefined();
        }
      });
    }
  }

  it('names exactly the two rules in conflict, not the model constraints around them', () => {
    const model = structuredClone(loadDemoModel('bicycle.json'));
    model.constraints.push(rule('lights-on', 'lights'), rule('lights-off', 'not lights'));
    const report = checkModel(parseModel(model));
    const conflict = report.findings.find((finding) => finding.kind === 'no-valid-configuration');
    expect([...(conflict?.constraints ?? [])].sort()).toEqual(['lights-off', 'lights-on']);
    expect(report.configurations).toBe(0n);
  });

  it('does not call a value dead that only the default of a param rules out', () => {
    const model = structuredClone(loadDemoModel('bicycle.json'));
    model.params = (model.params ?? []).map((p) => (p.name === 'state' ? { ...p, default: 'CA' } : p));
    const report = checkModel(parseModel(model));
    expect(report.findings.filter((f) => f.kind === 'dead-value')).toEqual([]);
    // The same rule without a param does kill the value: the check would see it.
    model.constraints.push(rule('always-lights', 'lights'));
    const dead = checkModel(parseModel(model)).findings.filter((f) => f.kind === 'dead-value');
    expect(dead.map((f) => f.values[0])).toEqual([{ option: 'lights', value: 'False' }]);
  });

  it('gives a negative price example that really is valid and negative', () => {
    const model = structuredClone(loadDemoModel('bicycle.json'));
    model.pricing = { base: 0, lines: [{ id: 'bad', when: "frame = 'steel'", amount: '-5000000' }] };
    const finding = checkModel(parseModel(model)).findings.find((f) => f.kind === 'negative-price');
    expect(finding?.example?.frame).toBe('steel');
  });
});

describe('checkModel on Renault Megane', () => {
  const megane = importXcsp(readFileSync(MEGANE, 'utf8'));
  const baseline = checkModel(megane, { redundancy: false, budgetMs: 30_000 });
  const known = new Set(baseline.findings.map((f) => JSON.stringify([f.kind, f.values, f.constraints])));

  it('reports its real dead values, each with the constraints that kill it', () => {
    const dead = baseline.findings.filter((f) => f.kind === 'dead-value');
    expect(dead.map((f) => `${f.values[0]?.option}=${f.values[0]?.value}`).sort()).toEqual([
      '100=11',
      '55=0',
      '80=5',
      '8=0',
    ]);
    expect(dead.find((f) => f.options[0] === '8')?.constraints).toEqual(['C65']);
    expect(defects(baseline.findings).every((f) => f.kind === 'dead-value')).toBe(true);
  });

  const first = megane.options[0];
  const firstValues = first?.values?.map((entry) => entry.value) ?? [];
  const firstTable = megane.constraints.find((c) => c.kind === 'table');
  const defects10: Defect[] = [
    {
      name: 'a duplicate table',
      mutate: (m) => m.constraints.push({ ...(firstTable as ModelConstraint), id: 'dup' }),
      expected: { kind: 'redundant-constraint', constraints: ['dup'] },
    },
    {
      name: 'a table forbidding a value',
      mutate: (m) =>
        m.constraints.push({
          kind: 'table',
          id: 'kill',
          options: [first?.id ?? ''],
          semantics: 'forbidden',
          tuples: [[firstValues[0] ?? '']],
        }),
      expected: { kind: 'dead-value', constraints: ['kill'], values: [[first?.id ?? '', firstValues[0] ?? '']] },
    },
    {
      name: 'an allowed table without rows',
      mutate: (m) =>
        m.constraints.push({ kind: 'table', id: 'none', options: [first?.id ?? ''], semantics: 'allowed', tuples: [] }),
      expected: { kind: 'no-valid-configuration', constraints: ['none'] },
    },
    {
      name: 'a contradictory rule pair',
      mutate: (m) =>
        m.constraints.push(
          rule('is-v0', `\`${first?.id}\` = '${firstValues[0]}'`),
          rule('is-v1', `\`${first?.id}\` = '${firstValues[1]}'`),
        ),
      expected: { kind: 'no-valid-configuration', constraints: ['is-v0', 'is-v1'] },
    },
    {
      name: 'a default that is not a value',
      mutate: (m) => {
        option(m, first?.id ?? '').default = 'nope';
      },
      expected: { kind: 'invalid-default', options: [first?.id ?? ''] },
    },
    {
      name: 'a default no valid configuration has',
      mutate: (m) => {
        option(m, '8').default = '0';
      },
      expected: { kind: 'invalid-default', values: [['8', '0']] },
    },
    {
      name: 'a negative base price',
      mutate: (m) => {
        m.pricing = { base: -1 };
      },
      expected: { kind: 'negative-price' },
    },
    {
      name: 'a price line dividing by zero',
      mutate: (m) => {
        m.pricing = {
          base: 0,
          lines: [{ id: 'div', amount: `100 / (if \`${first?.id}\` = '${firstValues[1]}' then 0 else 1)` }],
        };
      },
      expected: { kind: 'formula-fails', options: [first?.id ?? ''] },
    },
  ];
  for (const defect of defects10) {
    it(`finds ${defect.name}`, () => {
      const model = structuredClone(megane);
      defect.mutate(model);
      // Redundancy by search does not fit the default budget on Megane; a duplicate is proven without search.
      const isRedundancy = defect.expected.kind === 'redundant-constraint';
      const report = checkModel(parseModel(model), isRedundancy ? {} : { redundancy: false, budgetMs: 30_000 });
      const fresh = report.findings.filter((f) => !known.has(JSON.stringify([f.kind, f.values, f.constraints])));
      expect(
        fresh.filter((f) => matches(f, defect.expected)),
        JSON.stringify(fresh),
      ).not.toHaveLength(0);
    }, 120_000);
  }
});
