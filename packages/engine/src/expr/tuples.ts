import type { Expression, ExprNode } from './ast';
import { compileExpression, type Environment } from './evaluate';
import { calledFunctions, referencedOptions } from './references';
import { type Scalar, toTruth } from './values';

/** The allowed combinations of a rule over finite options: one row per combination, columns as in `options`. */
export type TupleTable = {
  /** Referenced options that have a domain, in order of first appearance; the columns of `tuples`. */
  readonly options: readonly string[];
  /**
   * Referenced options without a domain; they were read as unknown (`null`), so a tuple is listed only if the
   * rule holds whatever they are. Lowering a rule to a table is exact only when this is empty.
   */
  readonly free: readonly string[];
  readonly tuples: readonly (readonly string[])[];
};

/** Functions that give a known result from unknown input, which rules out pruning on partial assignments. */
const NON_MONOTONE = new Set(['isSet', 'coalesce']);

/**
 * Enumerates the combinations of the referenced finite options' values for which `expr` is true, to lower a
 * rule over single-choice and boolean options (values `'True'`/`'False'`) into an allowed-tuples table.
 * Returns null when the product of the domain sizes exceeds `maxTuples`. Parameters are read from `params`.
 * `decode` turns a domain label into the value the expression reads (e.g. an interval label of a number option
 * into a number inside it); by default the label itself is read.
 */
export function satisfyingTuples(
  expr: Expression | ExprNode,
  domains: Readonly<Record<string, readonly string[]>>,
  maxTuples: number,
  params: (name: string) => Scalar | undefined = () => null,
  decode?: (optionId: string, label: string) => Scalar,
): TupleTable | null {
  const referenced = referencedOptions(expr);
  const options = referenced.filter((id) => Object.hasOwn(domains, id));
  const free = referenced.filter((id) => !Object.hasOwn(domains, id));
  const columns = options.map((id) => domains[id] ?? []);
  if (columns.reduce((product, values) => product * values.length, 1) > maxTuples) return null;

  const compiled = compileExpression(expr);
  const slot = new Map(options.map((id, index) => [id, index]));
  const current: (string | null)[] = options.map(() => null);
  const read = (id: string): Scalar => {
    const label = current[slot.get(id) ?? -1] ?? null;
    return label === null || decode === undefined ? label : decode(id, label);
  };
  const env: Environment = { valueOf: read, param: params };
  // Kleene evaluation is monotone without isSet/coalesce: a verdict on a partial assignment holds for all of its
  // completions, so whole subtrees can be accepted or skipped without visiting them.
  const canPrune = !calledFunctions(expr).some((name) => NON_MONOTONE.has(name));
  const tuples: string[][] = [];

  const emitAll = (depth: number): void => {
    if (depth === options.length) {
      tuples.push([...(current as string[])]);
      return;
    }
    for (const value of columns[depth] ?? []) {
      current[depth] = value;
      emitAll(depth + 1);
    }
    current[depth] = null;
  };
  const search = (depth: number): void => {
    if (depth === options.length || canPrune) {
      const verdict = toTruth(compiled(env));
      if (verdict === true) emitAll(depth);
      if (verdict !== null || depth === options.length) return;
    }
    for (const value of columns[depth] ?? []) {
      current[depth] = value;
      search(depth + 1);
    }
    current[depth] = null;
  };
  search(0);
  return { options, free, tuples };
}
