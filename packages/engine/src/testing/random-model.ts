import fc from 'fast-check';
import type { ProductModel } from '../model/model';

/** Single-choice dropdown options `o0`, `o1`… with `sizes[x]` values `v0`, `v1`… each, for generated models. */
export const dropdownOptions = (sizes: readonly number[]): ProductModel['options'] =>
  sizes.map((size, x) => ({
    id: `o${x}`,
    caption: `Option ${x}`,
    kind: 'single' as const,
    displayType: 'dropdown' as const,
    values: Array.from({ length: size }, (_, v) => ({ value: `v${v}` })),
  }));

/** fast-check arbitrary of small random models: 2-7 options of 1-4 values, 0-4 random allowed/forbidden tables. */
export const arbitrarySmallModel = (): fc.Arbitrary<ProductModel> =>
  fc
    .array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 7 })
    .chain((sizes) => {
      const table = fc
        .uniqueArray(fc.integer({ min: 0, max: sizes.length - 1 }), { minLength: 1, maxLength: 3 })
        .chain((scope) =>
          fc.record({
            scope: fc.constant(scope),
            isAllowed: fc.boolean(),
            tuples: fc.array(fc.tuple(...scope.map((x) => fc.integer({ min: 0, max: (sizes[x] ?? 1) - 1 }))), {
              maxLength: 12,
            }),
          }),
        );
      return fc.record({ sizes: fc.constant(sizes), tables: fc.array(table, { maxLength: 4 }) });
    })
    .map(({ sizes, tables }) => ({
      id: 'random',
      name: 'random',
      version: 1,
      options: dropdownOptions(sizes),
      pages: [],
      constraints: tables.map((table, c) => ({
        kind: 'table' as const,
        id: `c${c}`,
        options: table.scope.map((x) => `o${x}`),
        semantics: table.isAllowed ? ('allowed' as const) : ('forbidden' as const),
        tuples: table.tuples.map((tuple) => tuple.map((v) => `v${v}`)),
      })),
    }));

/** A random user action: pick option `option % n`, value `value % size`, or clear it. */
export type Action = { option: number; value: number; isClear: boolean; isForced: boolean };

/** fast-check arbitrary of random action sequences. */
export const arbitraryActions = (): fc.Arbitrary<Action[]> =>
  fc.array(
    fc.record({
      option: fc.nat(),
      value: fc.nat(),
      isClear: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      isForced: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    }),
    { maxLength: 12 },
  );
