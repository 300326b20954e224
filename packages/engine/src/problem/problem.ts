import type { ConstraintId, OptionId } from '../model/ids';
import { toConstraintId, toOptionId } from '../model/ids';
import { domainOf, isFiniteOption, type ProductModel, type TableConstraint } from '../model/model';

/** A table over variable indices; `tuples` is flat, `arity` values per tuple, values are domain indices. */
export type FiniteTable = {
  readonly id: ConstraintId;
  readonly scope: Int32Array;
  readonly isAllowed: boolean;
  readonly tuples: Int32Array;
  readonly tupleCount: number;
};

/** The finite part of a model, as integers: variables are finite options, values are domain indices. */
export type FiniteProblem = {
  readonly optionIds: readonly OptionId[];
  readonly domains: readonly (readonly string[])[];
  /** `valueOffset[x] + value` indexes flat per-value arrays; the last entry is the total number of values. */
  readonly valueOffset: Int32Array;
  readonly varIndex: ReadonlyMap<string, number>;
  readonly valueIndex: readonly ReadonlyMap<string, number>[];
  readonly tables: readonly FiniteTable[];
};

const toFiniteTable = (
  table: TableConstraint,
  varIndex: ReadonlyMap<string, number>,
  valueIndex: readonly ReadonlyMap<string, number>[],
): FiniteTable => {
  const scope = Int32Array.from(table.options, (optionId) => {
    const index = varIndex.get(optionId);
    if (index === undefined) throw new Error(`table '${table.id}' uses '${optionId}', not a single/boolean option`);
    return index;
  });
  const arity = scope.length;
  // Forbidden tables are counted by the search propagator, so their duplicates must go; allowed ones are harmless.
  const rows =
    table.semantics === 'forbidden'
      ? [...new Map(table.tuples.map((t) => [t.join('\u0000'), t])).values()]
      : table.tuples;
  const tuples = new Int32Array(rows.length * arity);
  rows.forEach((tuple, t) => {
    for (let k = 0; k < arity; k += 1) {
      const value = valueIndex[scope[k] ?? 0]?.get(tuple[k] ?? '');
      if (value === undefined) throw new Error(`table '${table.id}' tuple ${t} has unknown value '${tuple[k]}'`);
      tuples[t * arity + k] = value;
    }
  });
  return {
    id: toConstraintId(table.id),
    scope,
    isAllowed: table.semantics === 'allowed',
    tuples,
    tupleCount: rows.length,
  };
};

/**
 * Extracts the finite problem of a model: its single/boolean options and its table constraints, plus any extra
 * tables (for instance rules lowered to tables by `lowerRules`).
 */
export const toProblem = (model: ProductModel, extraTables: readonly TableConstraint[] = []): FiniteProblem => {
  const finite = model.options.filter(isFiniteOption);
  const optionIds = finite.map((option) => toOptionId(option.id));
  const domains = finite.map(domainOf);
  const varIndex = new Map(optionIds.map((id, index) => [id as string, index]));
  const valueIndex = domains.map((domain) => new Map(domain.map((value, index) => [value, index])));
  const valueOffset = new Int32Array(domains.length + 1);
  domains.forEach((domain, x) => {
    valueOffset[x + 1] = (valueOffset[x] ?? 0) + domain.length;
  });
  const tables = [...model.constraints.filter((c) => c.kind === 'table'), ...extraTables].map((table) =>
    toFiniteTable(table, varIndex, valueIndex),
  );
  return { optionIds, domains, valueOffset, varIndex, valueIndex, tables };
};
