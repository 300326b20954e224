import type { ProductModel, TableConstraint } from '../model/model';
import { seededRandom, shuffled } from './random';

/** Parameters of {@link generateConfigInstance}. */
export type ConfigInstanceOptions = {
  /** Number of variables (options). */
  readonly variables: number;
  readonly seed: number;
  /** Tables per variable (default 1.15, Megane has 1.14). */
  readonly tablesPerVariable?: number;
  /**
   * How loose the tables are, in (0, 1] (default 0.9): the share of a column's values a table allows after a
   * given prefix. Lower means fewer configurations.
   */
  readonly looseness?: number;
  /** Most states of a table's automaton after a column (default 30): how much a table remembers. */
  readonly maxClasses?: number;
  /** Extra variables in the window a table's scope is drawn from, beyond its arity (default 16). */
  readonly spread?: number;
  /** Most rows of one table (default 20,000; Megane's largest has 49k). */
  readonly maxRows?: number;
};

/** A drawn domain size, skewed like car options: mostly 2-4 values, some a dozen, a few several dozen. */
const domainSize = (random: () => number): number => {
  const r = random();
  if (r < 0.45) return 2;
  if (r < 0.75) return 3 + Math.floor(random() * 3);
  if (r < 0.93) return 6 + Math.floor(random() * 8);
  return 14 + Math.floor(random() * 29);
};

/** A drawn arity: mostly pairs and triples, some up to 7, a few of 8-10 (the wide tables). */
const arityOf = (random: () => number): number => {
  const r = random();
  if (r < 0.45) return 2;
  if (r < 0.7) return 3;
  if (r < 0.9) return 4 + Math.floor(random() * 4);
  return 8 + Math.floor(random() * 3);
};

/**
 * One table over `scope` (hidden positions ascending): a random layered automaton with at most `classes` states
 * per column, each state allowing a random share of the next column's values, always including the planted
 * configuration's value on its path, so the instance has at least one configuration. Its rows are the tuples the
 * automaton accepts. Returns null when the table would have more than `maxRows` rows.
 */
const tableRows = (
  scope: readonly number[],
  sizes: readonly number[],
  planted: readonly number[],
  share: number,
  maxRows: number,
  maxClasses: number,
  random: () => number,
): number[][] | null => {
  const classes = 2 + Math.floor(random() * (maxClasses - 1));
  // allowed[j][state] = the values of column j allowed in that state; next[j][state][v] = the next state.
  const allowed: boolean[][][] = [];
  const next: number[][][] = [];
  let plantedState = 0;
  for (let j = 0; j < scope.length; j += 1) {
    const size = sizes[scope[j] ?? 0] ?? 1;
    const states = j === 0 ? 1 : classes;
    allowed.push(
      Array.from({ length: states }, (_, state) =>
        Array.from(
          { length: size },
          (_, v) => random() < share || (state === plantedState && v === planted[scope[j] ?? 0]),
        ),
      ),
    );
    next.push(Array.from({ length: states }, () => Array.from({ length: size }, () => Math.floor(random() * classes))));
    plantedState = next[j]?.[plantedState]?.[planted[scope[j] ?? 0] ?? 0] ?? 0;
  }
  // Accepted tuples per (column, state), counted backwards, to refuse oversized tables before enumerating them.
  let counts = Array.from({ length: classes }, () => 1);
  for (let j = scope.length - 1; j >= 0; j -= 1) {
    const after = counts;
    counts = (allowed[j] ?? []).map((row, state) =>
      row.reduce((sum, isAllowed, v) => sum + (isAllowed ? (after[next[j]?.[state]?.[v] ?? 0] ?? 0) : 0), 0),
    );
  }
  if ((counts[0] ?? 0) > maxRows) return null;
  const rows: number[][] = [];
  const prefix: number[] = [];
  const walk = (j: number, state: number) => {
    if (j === scope.length) {
      rows.push([...prefix]);
      return;
    }
    (allowed[j]?.[state] ?? []).forEach((isAllowed, v) => {
      if (!isAllowed) return;
      prefix.push(v);
      walk(j + 1, next[j]?.[state]?.[v] ?? 0);
      prefix.pop();
    });
  };
  walk(0, 0);
  return rows;
};

/**
 * A seeded car-configuration-like instance, as `importXcsp` would give it (one `single` option per variable, one
 * allowed table per constraint): skewed domain sizes (2 to 42 values), many small compatibility tables of arity 2
 * to 10 over overlapping local scopes (each draws its variables from a window of a hidden line order, so an order
 * of bounded frontier exists, as in real product models built from option families), every variable in some
 * table, and the options listed in a shuffled order so that the compiler has to find a good order itself. Solution
 * counts grow with `variables` and `looseness`; a planted configuration keeps every instance satisfiable.
 */
export const generateConfigInstance = (options: ConfigInstanceOptions): ProductModel => {
  const { variables: n, seed } = options;
  const random = seededRandom(seed);
  const looseness = options.looseness ?? 0.9;
  const maxRows = options.maxRows ?? 20_000;
  const maxClasses = options.maxClasses ?? 30;
  const spread = options.spread ?? 16;
  const sizes = Array.from({ length: n }, () => domainSize(random));
  const planted = sizes.map((size) => Math.floor(random() * size));
  const tableCount = Math.max(1, Math.round(n * (options.tablesPerVariable ?? 1.15)));
  const scopes: number[][] = [];
  // A first pass covers every variable in line order; the rest fall anywhere, so scopes overlap.
  for (let t = 0; t < tableCount; t += 1) {
    const arity = Math.min(n, arityOf(random));
    const span = Math.min(n, arity + Math.floor(random() * (spread + 1)));
    const covered = Math.floor((t * n) / Math.max(1, Math.ceil(tableCount / 2)));
    const start = t < tableCount / 2 ? Math.min(n - span, covered) : Math.floor(random() * Math.max(1, n - span + 1));
    const window = Array.from({ length: span }, (_, k) => start + k);
    const scope = shuffled(window, random).slice(0, arity);
    if (t < tableCount / 2 && !scope.includes(start)) scope[0] = start;
    scopes.push(scope.sort((a, b) => a - b));
  }
  // The first pass can step over a variable (it moves ~1.7 variables per table): such a one gets a pair table
  // with its neighbour in the line, so that every variable is constrained, as in real product models.
  const isCovered = new Uint8Array(n);
  for (const scope of scopes) for (const x of scope) isCovered[x] = 1;
  for (let x = 0; x < n && n > 1; x += 1) {
    if (!isCovered[x]) scopes.push(x + 1 < n ? [x, x + 1] : [x - 1, x]);
  }
  const constraints: TableConstraint[] = scopes.map((scope, t) => {
    let share = looseness * (0.6 + 0.4 * random());
    let rows = tableRows(scope, sizes, planted, share, maxRows, maxClasses, random);
    while (!rows) {
      share *= 0.7;
      rows = tableRows(scope, sizes, planted, share, maxRows, maxClasses, random);
    }
    return {
      kind: 'table',
      id: `c${t}`,
      options: scope.map((x) => `v${x}`),
      semantics: 'allowed',
      tuples: rows.map((row) => row.map(String)),
    };
  });
  const optionIds = shuffled(
    sizes.map((_, x) => x),
    random,
  ).map((x) => `v${x}`);
  const sizeOf = new Map(sizes.map((size, x) => [`v${x}`, size]));
  return {
    id: `config-${n}-${seed}`,
    name: `Generated configuration instance (${n} variables, seed ${seed})`,
    version: 1,
    options: optionIds.map((id) => ({
      id,
      caption: id,
      kind: 'single',
      displayType: 'dropdown',
      values: Array.from({ length: sizeOf.get(id) ?? 1 }, (_, v) => ({ value: String(v) })),
    })),
    pages: [{ id: 'main', caption: 'Main', screens: [{ id: 'main', caption: 'Main', options: optionIds }] }],
    constraints,
  };
};
