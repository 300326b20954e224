import fc from 'fast-check';

/**
 * A model as an outside probe saved it to freeze the server: 40 dropdowns of 10 values and 120 forbidden tables,
 * each over 2-4 options drawn from all 40 with 5-34 random rows. Tables that tie far-apart options in every
 * direction leave no variable order with a small diagram, so the compile spends its whole budget and then finds no
 * diagram. The same seed gives the same model.
 */
export function worstCaseModel(seed = 1, name = 'Worst case'): Record<string, unknown> {
  const optionCount = 40;
  const valueCount = 10;
  const table = fc
    .uniqueArray(fc.integer({ min: 0, max: optionCount - 1 }), { minLength: 2, maxLength: 4 })
    .chain((scope) =>
      fc.record({
        scope: fc.constant(scope),
        rows: fc.array(fc.tuple(...scope.map(() => fc.integer({ min: 0, max: valueCount - 1 }))), {
          minLength: 5,
          maxLength: 34,
        }),
      }),
    );
  const [tables = []] = fc.sample(fc.array(table, { minLength: 120, maxLength: 120 }), { seed, numRuns: 1 });
  const options = Array.from({ length: optionCount }, (_, x) => ({
    id: `o${x}`,
    caption: `Option ${x}`,
    kind: 'single',
    displayType: 'dropdown',
    values: Array.from({ length: valueCount }, (_, v) => ({ value: `v${v}` })),
  }));
  return {
    id: 'worst-case',
    name,
    version: 1,
    options,
    pages: [{ id: 'all', caption: 'All', screens: [{ id: 'all', caption: 'All', options: options.map((o) => o.id) }] }],
    constraints: tables.map((t, c) => ({
      kind: 'table',
      id: `t${c}`,
      options: t.scope.map((x) => `o${x}`),
      semantics: 'forbidden',
      tuples: t.rows.map((row) => row.map((v) => `v${v}`)),
    })),
  };
}
