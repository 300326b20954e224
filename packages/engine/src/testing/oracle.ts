import { domainOf, isFiniteOption, type ProductModel, type TableConstraint } from '../model';

/** A full or partial configuration by option id. */
export type Assignment = Readonly<Record<string, string>>;

const tupleKeys = new WeakMap<TableConstraint, Set<string>>();

/** Whether a complete configuration satisfies one table, read straight from the model's strings. */
export const satisfiesTable = (table: TableConstraint, configuration: Assignment): boolean => {
  let keys = tupleKeys.get(table);
  if (!keys) {
    keys = new Set(table.tuples.map((tuple) => tuple.join('\u0000')));
    tupleKeys.set(table, keys);
  }
  const isListed = keys.has(table.options.map((optionId) => configuration[optionId]).join('\u0000'));
  return table.semantics === 'allowed' ? isListed : !isListed;
};

/**
 * Test oracle: every complete configuration of the model's finite options that satisfies the given tables
 * (all tables of the model by default), enumerated by brute force with early pruning on completed tables.
 */
export const enumerateSolutions = (model: ProductModel, tables?: readonly TableConstraint[]): Assignment[] => {
  const options = model.options.filter(isFiniteOption);
  const checks = tables ?? model.constraints.filter((c): c is TableConstraint => c.kind === 'table');
  const position = new Map(options.map((option, k) => [option.id, k]));
  const checksAt = options.map((_, k) =>
    checks.filter((table) => Math.max(...table.options.map((id) => position.get(id) ?? 0)) === k),
  );
  const solutions: Assignment[] = [];
  const current: Record<string, string> = {};
  const walk = (k: number) => {
    const option = options[k];
    if (!option) {
      solutions.push({ ...current });
      return;
    }
    for (const value of domainOf(option)) {
      current[option.id] = value;
      if ((checksAt[k] ?? []).every((table) => satisfiesTable(table, current))) walk(k + 1);
    }
    delete current[option.id];
  };
  walk(0);
  return solutions;
};

/** Whether a solution agrees with every entry of `partial`. */
export const agrees = (solution: Assignment, partial: Assignment): boolean =>
  Object.entries(partial).every(([optionId, value]) => solution[optionId] === value);

/** Oracle answer for `validValues`: values of `optionId` some solution has together with the other choices. */
export const oracleValidValues = (
  model: ProductModel,
  solutions: readonly Assignment[],
  choices: Assignment,
  optionId: string,
): string[] => {
  const others = Object.fromEntries(Object.entries(choices).filter(([id]) => id !== optionId));
  const option = model.options.find((candidate) => candidate.id === optionId);
  if (!option) return [];
  return domainOf(option).filter((value) =>
    solutions.some((solution) => solution[optionId] === value && agrees(solution, others)),
  );
};

/** Oracle answer for the fewest choices to change so that `optionId = value` becomes possible. */
export const oracleFewestChanges = (
  solutions: readonly Assignment[],
  choices: Assignment,
  optionId: string,
  value: string,
): number => {
  let best = Number.POSITIVE_INFINITY;
  for (const solution of solutions) {
    if (solution[optionId] !== value) continue;
    const changes = Object.entries(choices).filter(([id, chosen]) => id !== optionId && solution[id] !== chosen);
    best = Math.min(best, changes.length);
  }
  return best;
};
