import { describe, expect, it } from 'vitest';
import { compileExpression, type Environment, evaluate, evaluateTruth } from './evaluate';
import { parseExpression } from './parser';
import type { Scalar, Value } from './values';

const OPTIONS: Record<string, Scalar> = {
  frame: 'carbon',
  brakes: null,
  width: 1200,
  height: 800,
  rate: 5,
  zero: 0,
  lights: 'True',
  bell: 'False',
  gift: true,
  name: 'Road  Bike',
};
const PARAMS: Record<string, Scalar> = { QuoteId: 'Q-1', IsOrder: 'False', state: 'CA', discount: 10 };
const CAPTIONS: Record<string, Record<string, string>> = {
  frame: { carbon: 'Carbon fibre' },
  gift: { True: 'Gift wrapped' },
};
const env: Environment = {
  valueOf: (id) => OPTIONS[id],
  param: (name) => PARAMS[name],
  captionOf: (id, value) => CAPTIONS[id]?.[value],
};
const run = (source: string): Value => evaluate(parseExpression(source), env);

/** Truth table source for three-valued inputs: `t`, `f` and `u` (unknown, an unchosen option). */
const truthEnv: Environment = { valueOf: (id) => ({ t: true, f: false, u: null })[id] ?? null, param: () => null };
const truth = (source: string) => evaluateTruth(parseExpression(source), truthEnv);

describe('evaluate: Kleene logic', () => {
  const values = ['t', 'f', 'u'] as const;
  const meaning = { t: true, f: false, u: null } as const;
  const expectedAnd = (a: boolean | null, b: boolean | null) => (a === false || b === false ? false : a && b);
  const expectedOr = (a: boolean | null, b: boolean | null) =>
    a === true || b === true ? true : a === null || b === null ? null : false;
  for (const a of values) {
    it(`not ${a}`, () => expect(truth(`not ${a}`)).toBe(meaning[a] === null ? null : !meaning[a]));
    for (const b of values) {
      const [x, y] = [meaning[a], meaning[b]];
      it(`${a} and ${b}`, () => expect(truth(`${a} and ${b}`)).toBe(expectedAnd(x, y)));
      it(`${a} or ${b}`, () => expect(truth(`${a} or ${b}`)).toBe(expectedOr(x, y)));
      it(`${a} implies ${b}`, () => expect(truth(`${a} implies ${b}`)).toBe(expectedOr(x === null ? null : !x, y)));
    }
  }

  it('gives the headline cases of the issue', () => {
    expect(truth('f and u')).toBe(false);
    expect(truth('t or u')).toBe(true);
    expect(truth('u implies t')).toBe(true);
    expect(truth('f implies u')).toBe(true);
  });
});

describe('evaluate: operators', () => {
  it.each<[string, Value]>([
    ["frame = 'carbon'", true],
    ["frame != 'carbon'", false],
    ["brakes = 'rim'", null],
    ["brakes != 'rim'", null],
    ["frame = 'carbon' implies brakes != 'rim'", null],
    ["frame = 'alu' implies brakes != 'rim'", true],
    ['width < height', false],
    ['width <= 1200', true],
    ['width > height', true],
    ['height >= 801', false],
    ["'abc' < 'abd'", true],
    ['brakes < 3', null],
    ["frame in ['alu', 'carbon']", true],
    ["frame not in ['alu', 'carbon']", false],
    ["frame in ['alu']", false],
    ["brakes in ['rim']", null],
    ["frame in ['alu', brakes]", null],
    ["frame in [brakes, 'carbon']", true],
    ['frame in []', false],
    ["'DR-' & width & 'x' & height", 'DR-1200x800'],
    ["'flag ' & gift", 'flag True'],
    ["'x' & brakes", null],
    ['width * height * rate / 1000000', 4.8],
    ['width + height - 1', 1999],
    ['width % 7', 3],
    ['-width', -1200],
    ['- -width', 1200],
    ['width / zero', null],
    ['width % zero', null],
    ['zero / zero', null],
    ['width + brakes', null],
    ['1e308 * 10', null],
    ['2 + 3 * 4', 14],
    ['(2 + 3) * 4', 20],
    ['10 - 4 - 3', 3],
    ["if frame = 'carbon' then 6000 else 4000", 6000],
    ["if frame = 'alu' then 6000 else 4000", 4000],
    ["if brakes = 'rim' then 1 else 2", null],
    ["if brakes = 'rim' then 5 else 5", 5],
    ['$QuoteId', 'Q-1'],
    ["$state in ['CA', 'NY'] and not $IsOrder", true],
    ['$missing', null],
    ['nothing', null],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });

  it("treats checkbox values 'True'/'False' as booleans", () => {
    expect(run('lights and not bell')).toBe(true);
    expect(run("lights = true and lights = 'True' and bell = false and bell != 'True'")).toBe(true);
    expect(run('gift = true and gift = "True" and gift != \'False\'')).toBe(true);
    expect(run("lights in ['True'] and gift in [true]")).toBe(true);
    expect(run('frame and true')).toBe(null);
  });
});

describe('evaluate: functions', () => {
  it.each<[string, Value]>([
    ['min(3, 1, 2)', 1],
    ['max(3, 1, 2)', 3],
    ['max(3, brakes)', null],
    ['round(2.5)', 3],
    ['round(-2.5)', -3],
    ['round(2.4)', 2],
    ['round(1.005, 2)', 1.01],
    ['round(-1.005, 2)', -1.01],
    ['round(1234, -2)', 1200],
    ['round(1250, -2)', 1300],
    ['round(-0.4)', 0],
    ['round(1, 0.5)', null],
    ['floor(-1.5)', -2],
    ['ceil(1.2)', 2],
    ['abs(-7)', 7],
    ['upper(frame)', 'CARBON'],
    ["lower('ABC')", 'abc'],
    ['len(name)', 10],
    ["len('')", 0],
    ['text(width)', '1200'],
    ['text(2.5, 2)', '2.50'],
    ['text(1.005, 2)', '1.01'],
    ['text(-0.001, 2)', '0.00'],
    ['text(gift)', 'True'],
    ["text('a')", 'a'],
    ['text(1, -1)', null],
    ['fraction(12.375, 8)', '12 3/8'],
    ['fraction(12.375, 16)', '12 3/8'],
    ['fraction(0.5, 16)', '1/2'],
    ['fraction(3, 4)', '3'],
    ['fraction(-1.25, 4)', '-1 1/4'],
    ['fraction(0.99, 8)', '1'],
    ['fraction(-0.01, 8)', '0'],
    ['fraction(1, 0)', null],
    ['fraction(1, 2.5)', null],
    ['isSet(frame)', true],
    ['isSet(brakes)', false],
    ['isSet($QuoteId)', true],
    ['isSet($missing)', false],
    ['caption(frame)', 'Carbon fibre'],
    ['caption(gift)', 'Gift wrapped'],
    ['caption(width)', '1200'],
    ['caption(brakes)', null],
    ['caption($QuoteId)', String(PARAMS.QuoteId)],
    ["coalesce(brakes, 'none')", 'none'],
    ["coalesce(frame, 'none')", 'carbon'],
    ['coalesce(brakes, null)', null],
    ['coalesce(brakes, $missing, 3)', 3],
    ['upper(brakes)', null],
    ['nope(1)', null],
  ])('%s = %j', (source, expected) => {
    expect(run(source)).toEqual(expected);
  });
});

describe('compileExpression', () => {
  it('compiles once per expression and reuses the closure', () => {
    const expr = parseExpression('width * 2');
    expect(compileExpression(expr)).toBe(compileExpression(expr));
    expect(compileExpression(expr)(env)).toBe(2400);
  });

  it('reads values at call time, not at compile time', () => {
    const values: Record<string, Scalar> = { a: 1 };
    const compiled = compileExpression(parseExpression('a + 1'));
    const live: Environment = { valueOf: (id) => values[id], param: () => null };
    expect(compiled(live)).toBe(2);
    values.a = 41;
    expect(compiled(live)).toBe(42);
  });
});
