import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileModel, createSession, parseModel } from '@cpq/engine';
import { describe, expect, it } from 'vitest';
import { DEMO_MODELS_DIR } from '../modules/products/demo-models';
import { stringifyShared } from './shared-json';

const bicycle = compileModel(parseModel(JSON.parse(readFileSync(join(DEMO_MODELS_DIR, 'bicycle.json'), 'utf8'))));

/** A bicycle session after choosing the first enabled value of each of the first `count` single-choice options. */
const bicycleState = (count: number) => {
  const session = createSession(bicycle);
  const singles = bicycle.model.options.filter((option) => option.kind === 'single').slice(0, count);
  for (const option of singles) {
    const value = session.validValues(option.id)[0];
    if (value !== undefined) session.select(option.id, value);
  }
  return session.state();
};

describe('stringifyShared', () => {
  it('writes what JSON.stringify writes, for every kind of value', () => {
    const frozen = Object.freeze({ a: 1, list: Object.freeze([1, undefined, () => 0, 'x']), skip: undefined });
    const values: unknown[] = [
      undefined,
      null,
      true,
      0,
      -1.5,
      Number.NaN,
      'text with "quotes", \\ and \u2028',
      [],
      {},
      [undefined, () => 1, Symbol('s'), null],
      { a: undefined, b: () => 1, [Symbol('k')]: 1, 'key "quoted"': 2, c: [1, { d: 'e' }] },
      { when: new Date(Date.UTC(2026, 10, 28)), own: { toJSON: () => 'mine' } },
      Object.assign(Object.create(null), { bare: 1 }),
      frozen,
      { frozen, inner: { frozen } },
      Object.freeze({ date: Object.freeze(new Date(0)), map: Object.freeze(new Map([[1, 2]])) }),
      Object.freeze([Object.freeze({ nested: Object.freeze([Object.freeze({ deep: true })]) })]),
      // Arrays with holes, which JSON.stringify writes null.
      Object.assign(new Array(3), { 0: 1, 2: 3 }),
      Object.freeze(Object.assign(new Array(2), { 1: Object.freeze({ a: Object.assign(new Array(2), { 1: 1 }) }) })),
    ];
    for (const value of values) expect(stringifyShared(value)).toBe(JSON.stringify(value));
  });

  it('writes a configurator state as JSON.stringify does, step after step', () => {
    const states = [0, 1, 2, 3, 0, 2].map(bicycleState);
    for (const state of states) {
      const result = { changed: ['x'], ui: state };
      expect(stringifyShared(result)).toBe(JSON.stringify(result));
      // Once more: the shared parts' texts are now remembered.
      expect(stringifyShared(result)).toBe(JSON.stringify(result));
    }
  });

  it('writes the envelope around the text, and nothing for a value JSON leaves out', () => {
    const state = bicycleState(2);
    const envelope = ['{"success":true,"result":', '}'] as const;
    expect(stringifyShared({ ui: state }, ...envelope)).toBe(`${envelope[0]}${JSON.stringify({ ui: state })}}`);
    expect(stringifyShared('text', ...envelope)).toBe('{"success":true,"result":"text"}');
    expect(stringifyShared(undefined, ...envelope)).toBeUndefined();
  });

  it('never answers a remembered text for an object that can still change', () => {
    const inner = { count: 1 };
    const outer = Object.freeze({ inner, list: Object.freeze([inner]) });
    expect(stringifyShared({ outer })).toBe('{"outer":{"inner":{"count":1},"list":[{"count":1}]}}');
    inner.count = 2;
    expect(stringifyShared({ outer })).toBe('{"outer":{"inner":{"count":2},"list":[{"count":2}]}}');
  });
});
