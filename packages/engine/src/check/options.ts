import {
  type Expression,
  type ExprNode,
  referencedOptions,
  referencedParams,
  type Scalar,
  satisfyingTuples,
} from '../expr';
import { intervalIndexOf } from '../product/intervals';
import { type Context, MAX_COMBINATIONS } from './context';

/** The finite and interval domains the core holds, and how a label reads in expressions. */
const loweringOf = (ctx: Context) => {
  const domains: Record<string, readonly string[]> = {};
  ctx.problem.optionIds.forEach((id, x) => {
    domains[id] = ctx.problem.domains[x] ?? [];
  });
  const decode = (id: string, label: string): Scalar => {
    const kind = ctx.kindOf.get(id);
    if (kind === 'number') return ctx.variant.numbers.get(id)?.byLabel.get(label)?.sample ?? null;
    return kind === 'boolean' ? label === 'True' : label;
  };
  return { domains, decode };
};

const andOf = (nodes: readonly ExprNode[]): ExprNode | null =>
  nodes.reduce<ExprNode | null>(
    (acc, node) => (acc ? { kind: 'binary', op: 'and', left: acc, right: node, span: node.span } : node),
    null,
  );

export const addNeverSettable = (ctx: Context) => {
  const { model, compiled, problem } = ctx;
  const { domains, decode } = loweringOf(ctx);
  model.options.forEach((option, i) => {
    const conditions: Expression[] = [];
    const visible = compiled.expressions.get(`options[${i}].visibleWhen`);
    const enabled = compiled.expressions.get(`options[${i}].enabledWhen`);
    if (visible) conditions.push(visible);
    if (enabled) conditions.push(enabled);
    const pages = model.pages.filter((page) => page.screens.some((screen) => screen.options.includes(option.id)));
    const pageIndex = model.pages.indexOf(pages[0] as (typeof model.pages)[number]);
    const pageVisible = pages.length === 1 ? compiled.expressions.get(`pages[${pageIndex}].visibleWhen`) : undefined;
    if (pageVisible) conditions.push(pageVisible);
    const root = andOf(conditions.map((c) => c.root));
    if (!root) return;
    // Numbers are not cut at these thresholds and text is not in the core: only conditions on finite options are
    // decided exactly, the rest is left alone.
    const reads = referencedOptions(root);
    if (reads.some((id) => ctx.kindOf.get(id) !== 'single' && ctx.kindOf.get(id) !== 'boolean')) return;
    if (referencedParams(root).length > 0) return;
    const table = satisfyingTuples(root, domains, MAX_COMBINATIONS, () => null, decode);
    if (!table || table.free.length > 0) return;
    const assign = new Int32Array(problem.optionIds.length).fill(-1);
    const isPossible = table.tuples.some((tuple) => {
      assign.fill(-1);
      table.options.forEach((id, k) => {
        const x = problem.varIndex.get(id) ?? -1;
        assign[x] = problem.valueIndex[x]?.get(tuple[k] ?? '') ?? -1;
      });
      return ctx.variant.core.reasoner.isFeasible(assign);
    });
    if (isPossible) return;
    const isRequired = option.required === true;
    ctx.findings.push({
      kind: 'option-never-settable',
      severity: isRequired ? 'error' : 'warning',
      options: [option.id],
      values: [],
      constraints: [],
      message: `${option.id} is hidden or disabled in every valid configuration${
        isRequired ? ', yet it is required' : ''
      }: no one can ever set it.`,
      fix: `Correct the visibility or enablement conditions of ${option.id}, or remove it.`,
    });
  });
};

export const addDefaults = (ctx: Context, live: readonly boolean[]) => {
  const { model, problem } = ctx;
  for (const option of model.options) {
    if (option.default === undefined) continue;
    const id = option.id;
    const value = String(option.default);
    const bad = (why: string, fix: string) =>
      ctx.findings.push({
        kind: 'invalid-default',
        severity: 'error',
        options: [id],
        values: [{ option: id, value }],
        constraints: [],
        message: `The default of ${id}, ${value}, ${why}.`,
        fix,
      });
    const x = problem.varIndex.get(id);
    if (option.kind === 'text' || x === undefined) continue;
    let v: number | undefined;
    if (option.kind === 'number') {
      const domain = ctx.variant.numbers.get(id);
      const n = typeof option.default === 'number' ? option.default : Number(option.default);
      v = domain && Number.isFinite(n) ? intervalIndexOf(domain, n) : -1;
      if (v < 0) {
        bad('is outside its range', `Choose a default between the bounds of ${id}.`);
        continue;
      }
    } else {
      const label =
        option.kind === 'boolean'
          ? value.toLowerCase() === 'true'
            ? 'True'
            : value.toLowerCase() === 'false'
              ? 'False'
              : value
          : value;
      v = problem.valueIndex[x]?.get(label);
      if (v === undefined) {
        bad('is not one of its values', `Choose one of the values of ${id} as its default.`);
        continue;
      }
    }
    if (!live[(problem.valueOffset[x] ?? 0) + v]) {
      bad('is in no valid configuration', `Choose a default that some valid configuration has.`);
    }
  }
};
