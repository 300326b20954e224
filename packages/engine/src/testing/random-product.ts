import fc from 'fast-check';
import type { ProductModel } from '../model';

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

/** A small random product: single options `s*`, a checkbox `flag`, number options `n*` in [0, 10], random rules. */
export type RandomProduct = { readonly model: ProductModel; readonly rules: readonly Formula[] };

/** fast-check arbitrary of small products with rules over choices and number thresholds, plus one random table. */
export const arbitraryProduct = (): fc.Arbitrary<RandomProduct> =>
  fc
    .tuple(fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 2 }))
    .chain(([sizes, numbers]) =>
      fc.record({
        sizes: fc.constant(sizes),
        numbers: fc.constant(numbers),
        rules: fc.array(formula(sizes.length, sizes, numbers), { maxLength: 3 }),
        forbidden: fc.array(fc.tuple(fc.nat(2), fc.nat(2)), { maxLength: 2 }),
      }),
    )
    .map(({ sizes, numbers, rules, forbidden }) => {
      const model: ProductModel = {
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
          ...Array.from({ length: numbers }, (_, k) => ({
            id: `n${k}`,
            caption: `N${k}`,
            kind: 'number' as const,
            displayType: 'numericcontrol' as const,
            range: { min: 0, max: 10, increment: 0.5 },
          })),
        ],
        pages: [
          {
            id: 'p',
            caption: 'P',
            screens: [
              {
                id: 's',
                caption: 'S',
                options: [
                  ...sizes.map((_, x) => `s${x}`),
                  'flag',
                  ...Array.from({ length: numbers }, (_, k) => `n${k}`),
                ],
              },
            ],
          },
        ],
        constraints: [
          ...rules.map((rule, i) => ({ kind: 'rule' as const, id: `r${i}`, rule: rule.source })),
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
      return { model, rules };
    });

/** Every number the oracle tries for a number option: the half-integers of [0, 10]. */
export const HALF_STEPS = Array.from({ length: 21 }, (_, i) => i / 2);
