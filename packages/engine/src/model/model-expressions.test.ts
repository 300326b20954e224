import { describe, expect, it } from 'vitest';
import { compileModel as compileCore } from '../compile/compile';
import { createSession as createCoreSession } from '../session/session';
import { ModelValidationError } from './errors';
import type { ProductModel } from './model';
import { parseModel } from './model-validation';

const model = (patch: Partial<ProductModel> = {}): ProductModel => ({
  id: 'm',
  name: 'm',
  version: 1,
  options: [
    {
      id: 'frame',
      caption: 'Frame',
      kind: 'single',
      displayType: 'dropdown',
      values: [{ value: 'alu' }, { value: 'carbon' }],
    },
    { id: 'bell', caption: 'Bell', kind: 'boolean', displayType: 'checkbox' },
  ],
  pages: [],
  constraints: [{ kind: 'rule', id: 'r', rule: "bell implies frame = 'alu'" }],
  ...patch,
});

const issuesOf = (json: unknown): readonly string[] => {
  try {
    parseModel(json);
    return [];
  } catch (error) {
    if (error instanceof ModelValidationError) return error.issues;
    throw error;
  }
};

describe('model expressions', () => {
  it('lowers rules by default in the core, with checkboxes as True/False', () => {
    const session = createCoreSession(compileCore(model()));
    expect(session.count()).toBe(3n);
    session.select('bell', 'True');
    expect(session.validValues('frame')).toEqual(['alu']);
  });

  it('reports every bad expression with its model path, line and column', () => {
    const bad = model({
      constraints: [{ kind: 'rule', id: 'r', rule: "bell implies\n  colr = 'red'" }],
      messages: [{ id: 'x', when: 'frame == 1', severity: 'Warning', text: 't' }],
      pricing: { base: 0, lines: [{ id: 'l', amount: "'free'" }] },
    });
    expect(issuesOf(bad)).toEqual([
      "constraints[0].rule: unknown option 'colr' at 2:3",
      'pricing.lines[0].amount: expression must be number but is string at 1:1',
      "messages[0].when: unexpected '==': use '=' to compare at 1:7",
    ]);
    expect(() => compileCore(bad)).toThrow(/constraints\[0\]\.rule: unknown option 'colr' at 2:3/);
  });

  it('takes caption() in outputs and refuses it where a rule would read a caption', () => {
    const captions = model({
      outputs: { details: [{ caption: 'Frame', value: 'caption(frame)' }], description: "'Bike, ' & caption(frame)" },
    });
    expect(issuesOf(captions)).toEqual([]);
    const misplaced = model({
      constraints: [{ kind: 'rule', id: 'r', rule: "caption(frame) = 'Carbon'" }],
      messages: [{ id: 'x', when: "caption(bell) = 'Yes'", severity: 'Warning', text: 't' }],
    });
    expect(issuesOf(misplaced)).toEqual([
      'constraints[0].rule: caption() is for outputs only (details, partNumber, description)',
      'messages[0].when: caption() is for outputs only (details, partNumber, description)',
    ]);
  });
});
