import { describe, expect, it } from 'vitest';
import { parseModel } from '../model/model-validation';
import { FIELD_MESSAGES, msgNoLargerThan, msgNoSmallerThan } from '../product/field-messages';
import { compileModel } from '../product/product-compile';
import { createSession } from '../product-session/product-session';
import { loadDemoModel } from '../testing/demo';

/** Width and height (1 to 10, the height's max as given), with more options and constraints. */
const widthAndHeight = (heightMax: number | string, options: unknown[] = [], constraints: unknown[] = []) =>
  compileModel(
    parseModel({
      id: 'm',
      name: 'm',
      version: 1,
      options: [
        { id: 'w', caption: 'Width', kind: 'number', displayType: 'numerictextbox', range: { min: 1, max: 10 } },
        {
          id: 'h',
          caption: 'Height',
          kind: 'number',
          displayType: 'numerictextbox',
          range: { min: 1, max: heightMax },
        },
        ...options,
      ],
      pages: [],
      constraints,
    }),
  );

describe('state() and field messages', () => {
  it('keeps the spec’s field messages word for word', () => {
    expect(FIELD_MESSAGES.required).toBe('This field is required.');
    expect(FIELD_MESSAGES.positiveNumber).toBe('Must be a positive number.');
    expect(msgNoSmallerThan(1500)).toBe('This field can be no smaller than 1500');
    expect(msgNoLargerThan(8000)).toBe('This field can be no larger than 8000');
  });

  it('answers state() in well under a millisecond on every demo model', () => {
    for (const file of ['industrial-door.json', 'office-chair.json', 'bicycle.json']) {
      const session = createSession(compileModel(loadDemoModel(file)));
      const first = session.compiled.model.options.find((option) => option.kind === 'single');
      session.select(first?.id ?? '', first?.values?.[0]?.value ?? '');
      for (let i = 0; i < 200; i += 1) session.state();
      const runs = 2000;
      const started = performance.now();
      for (let i = 0; i < runs; i += 1) session.state();
      const perCall = (performance.now() - started) / runs;
      expect(perCall).toBeLessThan(1);
    }
  });

  it('checks rules over products of numbers and text when a choice is made, and says so', () => {
    const compiled = widthAndHeight(
      10,
      [{ id: 'code', caption: 'Code', kind: 'text', displayType: 'textbox' }],
      [
        { kind: 'rule', id: 'area', description: 'At most 20 m²', rule: 'w * h <= 20' },
        { kind: 'rule', id: 'code', rule: 'len(code) <= 4' },
      ],
    );
    expect(compiled.guarantee).toBe('finite-part');
    expect(compiled.stats.runtimeRules).toEqual(['area', 'code']);
    const session = createSession(compiled);
    session.select('w', 5);
    expect(() => session.select('h', 5)).toThrow('This value is not available with your other choices: At most 20 m²');
    session.select('h', 4);
    expect(() => session.select('code', 'ABCDE')).toThrow(/code/);
    expect(session.state().Guarantee).toBe('finite-part');
  });

  it('says finite-part when a range bound reads another number (it is checked when a choice is made)', () => {
    const compiled = widthAndHeight('w * 2');
    expect(compiled.guarantee).toBe('finite-part');
    expect(compiled.stats.runtimeBounds).toEqual(['h.range.max']);
    expect(compiled.stats.runtimeRules).toEqual([]);
    expect(createSession(compiled).state().Guarantee).toBe('finite-part');
  });

  it('refuses a number in a gap of the valid intervals with the reason', () => {
    const model = parseModel({
      id: 'm',
      name: 'm',
      version: 1,
      options: [
        {
          id: 'kind',
          caption: 'Kind',
          kind: 'single',
          displayType: 'dropdown',
          values: [{ value: 'a', caption: 'Alpha' }, { value: 'b' }],
        },
        { id: 'n', caption: 'N', kind: 'number', displayType: 'numerictextbox', range: { min: 0, max: 100 } },
      ],
      pages: [],
      constraints: [{ kind: 'rule', id: 'gap', rule: "kind = 'a' implies (n < 10 or n > 90)" }],
    });
    const session = createSession(compileModel(model));
    session.select('kind', 'a');
    expect(session.range('n')).toEqual({ min: 0, max: 100, increment: 1 });
    expect(() => session.select('n', 50)).toThrow('This value is not available with your other choices: Kind = Alpha');
    session.select('n', 95);
    expect(session.choices()).toEqual([
      { optionId: 'kind', value: 'a' },
      { optionId: 'n', value: '95' },
    ]);
  });
});
