import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyExpression, anyScalar, stripSpans } from './arbitraries.test-support';
import { checkExpression } from './check';
import { type Environment, evaluate, evaluateTruth } from './evaluate';
import { formatExpression } from './format';
import { parseExpression } from './parser';
import { referencedOptions } from './references';
import { satisfyingTuples } from './tuples';
import { ruleExpression, TYPED_DOMAINS, TYPED_SYMBOLS, typedExpression } from './typed.test-support';
import type { Scalar } from './values';

const randomEnv = fc.tuple(fc.dictionary(fc.string({ maxLength: 3 }), anyScalar), anyScalar).map(
  ([values, fallback]): Environment => ({
    valueOf: (id) => (Object.hasOwn(values, id) ? values[id] : fallback),
    param: (name) => (Object.hasOwn(values, name) ? values[name] : fallback),
  }),
);
const typedEnv = fc
  .record({
    s1: fc.constantFrom<Scalar>('a', 'b', 'c', null),
    s2: fc.constantFrom<Scalar>('a', 'b', null),
    s3: fc.constantFrom<Scalar>('c', 'd', null),
    b1: fc.constantFrom<Scalar>(true, false, 'True', 'False', null),
    b2: fc.constantFrom<Scalar>(true, false, 'True', 'False', null),
    n1: fc.oneof(fc.constant(null), fc.integer({ min: -9, max: 9 }), fc.double({ noNaN: true })),
    n2: fc.oneof(fc.constant(null), fc.integer({ min: -9, max: 9 })),
    P: fc.constantFrom<Scalar>('a', null),
  })
  .map(
    (values): Environment => ({
      valueOf: (id) => values[id as keyof typeof values],
      param: (name) => values[name as keyof typeof values],
    }),
  );
const anyTyped = fc.constantFrom('number', 'string', 'boolean' as const).chain((kind) => typedExpression(kind, 4));

describe('properties', () => {
  it('printing a tree and parsing it back gives the same tree', () => {
    fc.assert(
      fc.property(anyExpression, (node) => {
        const printed = formatExpression(node);
        expect(stripSpans(parseExpression(printed).root)).toEqual(stripSpans(node));
      }),
      { numRuns: 2000 },
    );
  });

  it('formatting is idempotent on parsed source', () => {
    fc.assert(
      fc.property(anyExpression, (node) => {
        const once = formatExpression(node);
        expect(formatExpression(parseExpression(once))).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('well-typed trees pass the checker', () => {
    fc.assert(
      fc.property(anyTyped, (node) => {
        const expr = { source: formatExpression(node), root: node };
        expect(checkExpression(expr, TYPED_SYMBOLS)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it('evaluation never throws and never yields NaN or Infinity on well-typed trees', () => {
    fc.assert(
      fc.property(anyTyped, typedEnv, (node, env) => {
        const value = evaluate(node, env);
        if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('evaluation never throws even on ill-typed trees', () => {
    fc.assert(
      fc.property(anyExpression, randomEnv, (node, env) => {
        evaluate(node, env);
        checkExpression({ source: formatExpression(node), root: node }, TYPED_SYMBOLS);
      }),
      { numRuns: 2000 },
    );
  });

  it('rules pass the checker', () => {
    fc.assert(
      fc.property(ruleExpression, (node) => {
        expect(checkExpression({ source: formatExpression(node), root: node }, TYPED_SYMBOLS, 'boolean')).toEqual([]);
      }),
    );
  });

  it('satisfyingTuples agrees with brute-force evaluation', () => {
    fc.assert(
      fc.property(fc.oneof(ruleExpression, typedExpression('boolean', 3)), (node) => {
        const table = satisfyingTuples(node, TYPED_DOMAINS, 10_000);
        const options = referencedOptions(node).filter((id) => Object.hasOwn(TYPED_DOMAINS, id));
        const expected: string[][] = [];
        const assign = (depth: number, chosen: string[]): void => {
          if (depth === options.length) {
            const values = new Map(options.map((id, index) => [id, chosen[index] ?? null]));
            const truth = evaluateTruth(node, { valueOf: (id) => values.get(id) ?? null, param: () => null });
            if (truth === true) expected.push(chosen);
            return;
          }
          for (const value of TYPED_DOMAINS[options[depth] ?? ''] ?? []) assign(depth + 1, [...chosen, value]);
        };
        assign(0, []);
        expect(table?.options).toEqual(options);
        expect(table?.tuples).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
