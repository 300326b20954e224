import type { Context } from './context';
import type { CheckFinding, CheckOptions } from './types';
import { deletionCore, impliedBySameScope, isTableEmpty, nearWitness, negatedTable, solve, TableIndex } from './walk';

export const addNoConfiguration = (ctx: Context) => {
  const ids = [...new Set(ctx.problem.tables.map((table) => table.id as string))];
  const none = new Int32Array(ctx.problem.optionIds.length).fill(-1);
  const core = deletionCore(ctx.problem, ids, none);
  ctx.findings.push({
    kind: 'no-valid-configuration',
    severity: 'error',
    options: [],
    values: [],
    constraints: core.ids,
    message: `No configuration satisfies every constraint: ${core.ids.join(', ')} contradict each other${
      core.isMinimal ? '' : ' (perhaps with fewer of them)'
    }.`,
    fix: 'Relax or remove one of these constraints.',
  });
};

export const addEmptyTables = (ctx: Context) => {
  const seen = new Set<string>();
  for (const table of ctx.problem.tables) {
    if (seen.has(table.id) || !isTableEmpty(ctx.problem, table)) continue;
    seen.add(table.id);
    ctx.findings.push({
      kind: 'constraint-removes-everything',
      severity: 'error',
      options: Array.from(table.scope, (x) => ctx.problem.optionIds[x] ?? ''),
      values: [],
      constraints: [table.id],
      message: `Constraint ${table.id} alone allows no combination of its options.`,
      fix: 'Allow at least the combinations that should be sold, or remove the constraint.',
    });
  }
};

export const addDeadValues = (ctx: Context, options: CheckOptions): boolean[] => {
  const { problem, variant } = ctx;
  const out = new Uint8Array(problem.valueOffset[problem.optionIds.length] ?? 0);
  const none = new Int32Array(problem.optionIds.length).fill(-1);
  variant.core.reasoner.supports(none, out);
  const live = Array.from(out, (bit) => bit === 1);
  // The core holds the rules for the default params; a value counts as dead only if it is dead with the params
  // unknown as well.
  if (ctx.compiled.coreParams.length > 0) {
    const unknown = ctx.compiled.variant(Object.fromEntries(ctx.compiled.coreParams.map((name) => [name, null])));
    const other = unknown.core.problem;
    const bits = new Uint8Array(other.valueOffset[other.optionIds.length] ?? 0);
    unknown.core.reasoner.supports(new Int32Array(other.optionIds.length).fill(-1), bits);
    // Matched by label: a number's intervals may be cut elsewhere with other params, and an interval the other
    // core does not have is taken as live (nothing is proven about it).
    problem.optionIds.forEach((id, x) => {
      const y = other.varIndex.get(id);
      problem.domains[x]?.forEach((label, v) => {
        const w = y === undefined ? undefined : other.valueIndex[y]?.get(label);
        const isLive = y === undefined || w === undefined || bits[(other.valueOffset[y] ?? 0) + w] === 1;
        if (isLive) live[(problem.valueOffset[x] ?? 0) + v] = true;
      });
    });
  }
  const ids = [...new Set(problem.tables.map((table) => table.id as string))];
  problem.optionIds.forEach((id, x) => {
    const domain = problem.domains[x] ?? [];
    domain.forEach((value, v) => {
      if (live[(problem.valueOffset[x] ?? 0) + v]) return;
      const isNumber = ctx.kindOf.get(id) === 'number';
      let constraints: string[] = [];
      if (options.explainDeadValues !== false && !ctx.isOver()) {
        const assign = Int32Array.from(none);
        assign[x] = v;
        constraints = deletionCore(problem, ids, assign).ids;
      }
      const named = constraints.length > 0 ? ` because of ${constraints.join(', ')}` : '';
      ctx.findings.push(
        isNumber
          ? {
              kind: 'dead-number-range',
              severity: 'warning',
              options: [id],
              values: [{ option: id, value }],
              constraints,
              message: `No valid configuration has ${id} in ${value}${named}, although its range allows it.`,
              fix: `Narrow the range of ${id} or relax the constraints.`,
            }
          : {
              kind: 'dead-value',
              severity: 'warning',
              options: [id],
              values: [{ option: id, value }],
              constraints,
              message: `Value '${value}' of ${id} is in no valid configuration${named}.`,
              fix: `Remove the value or relax ${constraints.length > 0 ? 'those constraints' : 'the constraints'}.`,
            },
      );
    });
  });
  return live;
};

const redundantFinding = (ctx: Context, id: string, scope: Int32Array, impliedBy?: string): CheckFinding => ({
  kind: 'redundant-constraint',
  severity: 'warning',
  options: Array.from(scope, (x) => ctx.problem.optionIds[x] ?? ''),
  values: [],
  constraints: impliedBy ? [id, impliedBy] : [id],
  message: impliedBy
    ? `Constraint ${id} never removes anything: ${impliedBy}, over the same options, already excludes all it excludes.`
    : `Constraint ${id} never removes anything: the other constraints already exclude everything it excludes.`,
  fix: `Remove ${id} (on its own: a duplicate pair is reported twice) or make it say what was meant.`,
});

/**
 * Redundancy, cheapest proofs first: a table over the same options that allows no more (pairwise), then a witness
 * near the diagram that only this table rejects, then an exhaustive search of the other tables with its negation,
 * while the budget lasts.
 */
export const addRedundant = (ctx: Context) => {
  const { problem } = ctx;
  const none = new Int32Array(problem.optionIds.length).fill(-1);
  const counts = new Map<string, number>();
  for (const table of problem.tables) counts.set(table.id, (counts.get(table.id) ?? 0) + 1);
  const candidates = problem.tables
    .map((table, t) => ({ table, t }))
    .filter(
      ({ table }) => counts.get(table.id) === 1 && !ctx.readsParams.has(table.id) && !isTableEmpty(problem, table),
    );
  const implied = impliedBySameScope(problem);
  const open: typeof candidates = [];
  for (const candidate of candidates) {
    const by = implied[candidate.t];
    if (by) ctx.findings.push(redundantFinding(ctx, candidate.table.id, candidate.table.scope, by));
    else open.push(candidate);
  }
  const index = new TableIndex(problem);
  let skipped = 0;
  for (const { table, t } of open) {
    if (ctx.isOver()) {
      skipped += 1;
      continue;
    }
    if (nearWitness(problem, ctx.mdd, index, t, 3)) continue;
    const others = problem.tables.filter((other) => other.id !== table.id);
    const answer = solve(problem, [...others, negatedTable(table)], none);
    if (answer === 'unknown') skipped += 1;
    if (answer === null) ctx.findings.push(redundantFinding(ctx, table.id, table.scope));
  }
  if (skipped > 0) {
    ctx.findings.push({
      kind: 'check-incomplete',
      severity: 'info',
      options: [],
      values: [],
      constraints: [],
      message: `${skipped} of ${candidates.length} constraints were not settled for redundancy: no constraint over the same options implies them, and their exhaustive search did not finish within its time or node budget.`,
      fix: 'Run the check with a larger budget (model:check --budget-ms) to settle more of them.',
    });
  }
};
