import { domainOf, isFiniteOption, type ProductModel, type TableConstraint } from '../model/model';

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

/**
 * Test oracle for big models: the exact number of configurations, by dynamic programming along `order` (option
 * ids, every finite option once) with a memo keyed on the values of the decided options that a table still
 * waiting for an undecided option reads. An allowed table prunes as soon as its decided part matches no tuple
 * (a set of tuple prefixes in `order`); a forbidden one is checked when complete. Shares no code with the
 * compiler (no automata, no diagrams); fast when `order` has a small frontier.
 */
export const countByFrontier = (model: ProductModel, order: readonly string[]): bigint => {
  const options = order.map((id) => model.options.find((option) => option.id === id && isFiniteOption(option)));
  const tables = model.constraints.filter((c): c is TableConstraint => c.kind === 'table');
  const position = new Map(order.map((id, k) => [id, k]));
  const lastOf = (table: TableConstraint) => Math.max(...table.options.map((id) => position.get(id) ?? 0));
  // Per allowed table, its scope in `order` and the set of every tuple prefix over it.
  const prefixes = new Map(
    tables
      .filter((table) => table.semantics === 'allowed')
      .map((table) => {
        const columns = table.options
          .map((id, column) => ({ id, column }))
          .sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
        const keys = new Set<string>();
        for (const tuple of table.tuples) {
          let key = '';
          for (const { column } of columns) {
            key += `${tuple[column]}\u0000`;
            keys.add(key);
          }
        }
        return [table, { ids: columns.map((entry) => entry.id), keys }] as const;
      }),
  );
  const checksAt = order.map((id, k) =>
    tables.filter((table) => (table.semantics === 'allowed' ? table.options.includes(id) : lastOf(table) === k)),
  );
  const holds = (table: TableConstraint, current: Record<string, string>): boolean => {
    const prefix = prefixes.get(table);
    if (!prefix) return satisfiesTable(table, current);
    let key = '';
    for (const id of prefix.ids) {
      const value = current[id];
      if (value === undefined) break;
      key += `${value}\u0000`;
    }
    return prefix.keys.has(key);
  };
  // Before deciding option k, the future depends only on the decided options of tables ending at k or later.
  const relevantAt = order.map((_, k) =>
    order.filter((id, j) => j < k && tables.some((table) => table.options.includes(id) && lastOf(table) >= k)),
  );
  const memo = order.map(() => new Map<string, bigint>());
  const current: Record<string, string> = {};
  const count = (k: number): bigint => {
    const option = options[k];
    if (k === order.length) return 1n;
    if (!option) throw new Error(`'${order[k]}' is not a finite option of the model`);
    const key = (relevantAt[k] ?? []).map((id) => current[id]).join('\u0000');
    const known = memo[k]?.get(key);
    if (known !== undefined) return known;
    let total = 0n;
    for (const value of domainOf(option)) {
      current[option.id] = value;
      if ((checksAt[k] ?? []).every((table) => holds(table, current))) total += count(k + 1);
    }
    delete current[option.id];
    memo[k]?.set(key, total);
    return total;
  };
  return count(0);
};
