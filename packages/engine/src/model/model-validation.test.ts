import { describe, expect, it } from 'vitest';
import { ModelValidationError } from './errors';
import { parseModel } from './model-validation';

const valid = () => ({
  id: 'bike',
  name: 'Bike',
  version: 1,
  options: [
    {
      id: 'frame',
      caption: 'Frame',
      kind: 'single',
      displayType: 'dropdown',
      values: [{ value: 'alu', price: 10_000 }, { value: 'carbon' }],
    },
    {
      id: 'brakes',
      caption: 'Brakes',
      kind: 'single',
      displayType: 'radiobuttonhorizontal',
      values: [{ value: 'rim' }, { value: 'disc' }],
    },
    { id: 'bell', caption: 'Bell', kind: 'boolean', displayType: 'checkbox' },
    {
      id: 'width',
      caption: 'Width',
      kind: 'number',
      displayType: 'numerictextbox',
      range: { min: 0, max: '10 * 12' },
    },
  ],
  pages: [{ id: 'p', caption: 'Main', screens: [{ id: 's', caption: 'All', options: ['frame', 'brakes', 'bell'] }] }],
  constraints: [
    { kind: 'table', id: 't', options: ['frame', 'brakes'], semantics: 'forbidden', tuples: [['carbon', 'rim']] },
    { kind: 'rule', id: 'r', rule: "bell = true implies frame != 'alu'" },
  ],
  pricing: { base: 50_000, lines: [{ id: 'l', amount: '100', quantityBreaks: [{ minQuantity: 10, factor: 0.9 }] }] },
  outputs: { details: [{ caption: 'Frame', value: 'frame' }], partNumber: "'B-' & frame" },
  messages: [{ id: 'm', when: 'bell', severity: 'Information', text: 'Ding' }],
  params: [{ name: 'IsOrder', type: 'boolean', default: false }],
});

const issuesOf = (json: unknown): readonly string[] => {
  try {
    parseModel(json);
  } catch (error) {
    if (error instanceof ModelValidationError) return error.issues;
    throw error;
  }
  return [];
};

describe('parseModel', () => {
  it('accepts a complete model', () => {
    expect(parseModel(valid()).options).toHaveLength(4);
  });

  it('reports shape issues with their paths', () => {
    const model = valid();
    (model.options[1]?.values?.[1] as Record<string, unknown>).value = undefined;
    const issues = issuesOf(model);
    expect(issues.some((issue) => issue.startsWith('options[1].values[1].value: '))).toBe(true);
  });

  it('reports cross-reference issues with their paths', () => {
    const model = valid();
    model.pages[0]?.screens[0]?.options.push('ghost');
    model.constraints.push({
      kind: 'table',
      id: 't',
      options: ['frame', 'width'],
      semantics: 'allowed',
      tuples: [['steel']],
    });
    model.options.push({ ...model.options[0], id: 'frame' } as never);
    const issues = issuesOf(model);
    expect(issues).toEqual(
      expect.arrayContaining([
        "pages[0].screens[0].options[3]: unknown option 'ghost'",
        "constraints[2].id: duplicate constraint id 't'",
        "constraints[2].options[1]: option 'width' is number, not single or boolean",
        'constraints[2].tuples[0]: has 1 values, expected 2',
        "options[4].id: duplicate option id 'frame'",
      ]),
    );
  });

  it('reports tuple values outside the option values', () => {
    const model = valid();
    model.constraints[0] = {
      kind: 'table',
      id: 't',
      options: ['frame', 'brakes'],
      semantics: 'allowed',
      tuples: [['steel', 'rim']],
    };
    expect(issuesOf(model)).toEqual(["constraints[0].tuples[0][0]: 'steel' is not a value of option 'frame'"]);
  });
});
