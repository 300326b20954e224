import fc from 'fast-check';
import type { ProductModel } from '../model/model';

/** A rule as source text plus its meaning over a complete assignment, for the brute-force oracle. */
type Formula = { readonly source: string; readonly holds: (a: Readonly<Record<string, string | number>>) => boolean };

const atom = (finite: number, sizes: readonly number[], numbers: number): fc.Arbitrary<Formula> => {
  const choices: fc.Arbitrary<Formula>[] = [
    fc.tuple(fc.nat(finite - 1), fc.nat(3), fc.boolean()).map(([x, v, isEqual]) => {
      const value = `v${v % (sizes[x] ?? 1)}`;
      return {
        source: `s${x} ${isEqual ? '=' : '!='} '${value}'`,
        holds: (a) => (a[`s${x}`] === value) === isEqual,
      };
    }),
    fc.constant<Formula>({ source: 'flag', holds: (a) => a.flag === 'True' }),
  ];
  if (numbers > 0) {
    choices.push(
      fc
        .tuple(fc.nat(numbers - 1), fc.constantFrom('<', '<=', '>', '>=', '=', '!='), fc.integer({ min: 0, max: 10 }))
        .map(([k, op, c]) => ({
          source: `n${k} ${op} ${c}`,
          holds: (a) => {
            const n = a[`n${k}`] as number;
            return op === '<'
              ? n < c
              : op === '<='
                ? n <= c
                : op === '>'
                  ? n > c
                  : op === '>='
                    ? n >= c
                    : op === '='
                      ? n === c
                      : n !== c;
          },
        })),
    );
  }
  return fc.oneof(...choices);
};

const formula = (finite: number, sizes: readonly number[], numbers: number): fc.Arbitrary<Formula> =>
  fc
    .tuple(
      atom(finite, sizes, numbers),
      fc.array(fc.tuple(fc.constantFrom('and', 'or', 'implies'), fc.boolean(), atom(finite, sizes, numbers)), {
        maxLength: 2,
      }),
    )
    .map(([first, rest]) =>
      rest.reduce<Formula>((left, [op, negate, right]) => {
        const r: Formula = negate ? { source: `not (${right.source})`, holds: (a) => !right.holds(a) } : right;
        const combine =
          op === 'and'
            ? (x: boolean, y: boolean) => x && y
            : op === 'or'
              ? (x: boolean, y: boolean) => x || y
              : (x: boolean, y: boolean) => !x || y;
        return { source: `(${left.source}) ${op} (${r.source})`, holds: (a) => combine(left.holds(a), r.holds(a)) };
      }, first),
    );

/** What the oracle evaluates selection-time checks on: chosen numbers and the checkbox, chosen or implied. */
export type Known = Readonly<Record<string, string | number | undefined>>;

/** A range bound of a number option reading the other number (a selection-time check); null when unknown. */
export type RandomBound = {
  readonly optionId: string;
  readonly which: 'min' | 'max';
  readonly source: string;
  readonly limit: (known: Known) => number | null;
};

/** A rule the core cannot hold (numbers combined arithmetically), with its Kleene truth; null when unknown. */
export type RandomCheck = { readonly source: string; readonly holds: (known: Known) => boolean | null };

/**
 * A small random product: single options `s*`, a checkbox `flag`, number options `n*` in [0, 10], random rules
 * (`rules`, all held by the core), plus selection-time range bounds (`bounds`) and rules (`checks`).
 */
export type RandomProduct = {
  readonly model: ProductModel;
  readonly rules: readonly Formula[];
  readonly bounds: readonly RandomBound[];
  readonly checks: readonly RandomCheck[];
};

type Shape = {
  readonly sizes: readonly number[];
  readonly numbers: number;
  readonly rules: readonly Formula[];
  readonly forbidden: readonly (readonly [number, number])[];
};

const productModel = (
  { sizes, numbers, rules, forbidden }: Shape,
  bounds: readonly RandomBound[] = [],
  checks: readonly RandomCheck[] = [],
): ProductModel => {
  const numberIds = Array.from({ length: numbers }, (_, k) => `n${k}`);
  const rangeOf = (id: string) => {
    const bound = (which: 'min' | 'max') => bounds.find((b) => b.optionId === id && b.which === which)?.source;
    return { min: bound('min') ?? 0, max: bound('max') ?? 10, increment: 0.5 };
  };
  // A number bounded by an expression reading another number has no static end there: a rule keeps it in [0, 10].
  const clips = [...new Set(bounds.map((bound) => bound.optionId))].map((id) => ({
    kind: 'rule' as const,
    id: `clip-${id}`,
    rule: `${id} >= 0 and ${id} <= 10`,
  }));
  return {
    id: 'random-product',
    name: 'random product',
    version: 1,
    options: [
      ...sizes.map((size, x) => ({
        id: `s${x}`,
        caption: `S${x}`,
        kind: 'single' as const,
        displayType: 'dropdown' as const,
        values: Array.from({ length: size }, (_, v) => ({ value: `v${v}` })),
      })),
      { id: 'flag', caption: 'Flag', kind: 'boolean' as const, displayType: 'checkbox' as const },
      ...numberIds.map((id, k) => ({
        id,
        caption: `N${k}`,
        kind: 'number' as const,
        displayType: 'numericcontrol' as const,
        range: rangeOf(id),
      })),
    ],
    pages: [
      {
        id: 'p',
        caption: 'P',
        screens: [{ id: 's', caption: 'S', options: [...sizes.map((_, x) => `s${x}`), 'flag', ...numberIds] }],
      },
    ],
    constraints: [
      ...rules.map((rule, i) => ({ kind: 'rule' as const, id: `r${i}`, rule: rule.source })),
      ...clips,
      ...checks.map((check, i) => ({ kind: 'rule' as const, id: `c${i}`, rule: check.source })),
      {
        kind: 'table' as const,
        id: 't',
        options: ['s0', 'flag'],
        semantics: 'forbidden' as const,
        tuples: forbidden
          .filter(([v]) => v < (sizes[0] ?? 1))
          .map(([v, f]) => [`v${v}`, f % 2 === 0 ? 'False' : 'True']),
      },
    ],
  };
};

const shape = (minNumbers: number): fc.Arbitrary<Shape> =>
  fc
    .tuple(
      fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }),
      fc.integer({ min: minNumbers, max: 2 }),
    )
    .chain(([sizes, numbers]) =>
      fc.record({
        sizes: fc.constant(sizes),
        numbers: fc.constant(numbers),
        rules: fc.array(formula(sizes.length, sizes, numbers), { maxLength: 3 }),
        forbidden: fc.array(fc.tuple(fc.nat(2), fc.nat(2)), { maxLength: 2 }),
      }),
    );

/** fast-check arbitrary of small products with rules over choices and number thresholds, plus one random table. */
export const arbitraryProduct = (): fc.Arbitrary<RandomProduct> =>
  shape(0).map((s) => ({ model: productModel(s), rules: s.rules, bounds: [], checks: [] }));

const numberOf = (known: Known, id: string): number | null => {
  const value = known[id];
  return typeof value === 'number' ? value : null;
};

/** `n1`'s min or max (or `n0`'s) as an expression of the other number, sometimes through the checkbox. */
const bound = (optionId: string, other: string): fc.Arbitrary<RandomBound> =>
  fc
    .tuple(fc.constantFrom('min' as const, 'max' as const), fc.nat(2), fc.integer({ min: 0, max: 3 }))
    .map(([which, form, c]): RandomBound => {
      const sign = which === 'max' ? 1 : -1;
      const op = which === 'max' ? '+' : '-';
      const sources = [`${other} ${op} ${c}`, which === 'max' ? `${other} * 2` : `${other} / 2`];
      const source = sources[form] ?? `if flag then ${other} ${op} 1 else ${other}`;
      const limit = (known: Known): number | null => {
        const x = numberOf(known, other);
        if (x === null) return null;
        if (form === 0) return x + sign * c;
        if (form === 1) return which === 'max' ? x * 2 : x / 2;
        const flag = known.flag;
        return flag === undefined ? null : flag === 'True' ? x + sign : x;
      };
      return { optionId, which, source, limit };
    });

const implies = (p: boolean | null, q: boolean | null): boolean | null =>
  p === false || q === true ? true : p === true && q === false ? false : null;

const check: fc.Arbitrary<RandomCheck> = fc
  .tuple(fc.boolean(), fc.integer({ min: 0, max: 16 }))
  .map(([isSum, c]): RandomCheck => {
    if (isSum) {
      return {
        source: `n0 + n1 <= ${c}`,
        holds: (known) => {
          const [a, b] = [numberOf(known, 'n0'), numberOf(known, 'n1')];
          return a === null || b === null ? null : a + b <= c;
        },
      };
    }
    const d = c % 7;
    return {
      source: `flag implies n0 * 2 <= n1 + ${d}`,
      holds: (known) => {
        const [a, b] = [numberOf(known, 'n0'), numberOf(known, 'n1')];
        const flag = known.flag === undefined ? null : known.flag === 'True';
        return implies(flag, a === null || b === null ? null : a * 2 <= b + d);
      },
    };
  });

/**
 * Products with two numbers where `n1` (and sometimes `n0`) has a range bound reading the other number and
 * sometimes a rule combines them arithmetically: the checks the core cannot hold, left to selection time.
 */
export const arbitraryBoundedProduct = (): fc.Arbitrary<RandomProduct> =>
  shape(2).chain((s) =>
    fc
      .record({
        bounds: fc.tuple(bound('n1', 'n0'), fc.option(bound('n0', 'n1'), { nil: undefined })),
        checks: fc.array(check, { maxLength: 1 }),
      })
      .map(({ bounds: [first, second], checks }) => {
        const bounds = second ? [first, second] : [first];
        return { model: productModel(s, bounds, checks), rules: s.rules, bounds, checks };
      }),
  );

/** Every number the oracle tries for a number option: the half-integers of [0, 10]. */
export const HALF_STEPS = Array.from({ length: 21 }, (_, i) => i / 2);
