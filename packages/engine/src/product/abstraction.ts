import { type LoweringDomains, lowerExpression } from '../compile/rule-lowering';
import {
  compileExpression,
  type Environment,
  type Expression,
  type ExprNode,
  referencedOptions,
  type Scalar,
} from '../expr';
import { domainOf, isFiniteOption, type ModelOption, type ProductModel, type TableConstraint } from '../model/model';
import type { ParsedExpressions } from '../model/model-expressions';
import { buildNumberDomain, type Cut, type NumberDomain } from './intervals';

/** A rule the core cannot hold exactly (numbers beyond thresholds, text): it is checked when a choice is made. */
export type RuntimeRule = { readonly id: string; readonly description?: string; readonly expression: Expression };

/**
 * A number option's min or max the core cannot hold (it reads number or text options, or has too many combinations
 * to enumerate): every change of the choices checks the chosen number against it.
 */
export type RuntimeBound = {
  readonly optionId: string;
  readonly which: 'min' | 'max';
  readonly expression: Expression;
};

/**
 * The finite image of a model under one binding of its params: number options become single options over
 * intervals, rules and expression range bounds become tables, and the rest is left to selection-time checks.
 */
export type Abstraction = {
  /** The model the core compiles: numbers as interval options, no rule constraints (they are in `tables`). */
  readonly coreModel: ProductModel;
  readonly tables: readonly TableConstraint[];
  readonly numbers: ReadonlyMap<string, NumberDomain>;
  readonly runtimeRules: readonly RuntimeRule[];
  readonly runtimeBounds: readonly RuntimeBound[];
};

const COMPARISONS = new Set(['=', '!=', '<', '<=', '>', '>=', 'in', 'not in']);
const FLIPPED: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '!=': '!=' };
/** Most combinations enumerated to learn the values a bound or threshold can take. */
const MAX_VALUE_COMBINATIONS = 100_000;

type Use = { readonly optionId: string; readonly op: string; readonly other: ExprNode };

/**
 * The threshold uses of number options in a tree (`width < 3000`, `maxWidth(motor) >= width`, `width in [...]`,
 * `isSet(width)`), with the number on the left; null when a number option is used any other way.
 */
const thresholdUses = (root: ExprNode, isNumber: (id: string) => boolean): Use[] | null => {
  const uses: Use[] = [];
  let isExact = true;
  const visit = (node: ExprNode, parent: ExprNode | undefined) => {
    if (node.kind === 'option' && isNumber(node.id)) {
      if (parent?.kind === 'call' && parent.name === 'isSet') return;
      if (parent?.kind !== 'binary' || !COMPARISONS.has(parent.op)) {
        isExact = false;
        return;
      }
      const isLeft = parent.left === node;
      const other = isLeft ? parent.right : parent.left;
      if ((parent.op === 'in' || parent.op === 'not in') && !isLeft) isExact = false;
      else uses.push({ optionId: node.id, op: isLeft ? parent.op : (FLIPPED[parent.op] ?? parent.op), other });
      return;
    }
    const children: readonly ExprNode[] =
      node.kind === 'binary'
        ? [node.left, node.right]
        : node.kind === 'unary'
          ? [node.operand]
          : node.kind === 'if'
            ? [node.condition, node.whenTrue, node.whenFalse]
            : node.kind === 'call'
              ? node.args
              : node.kind === 'list'
                ? node.items
                : [];
    for (const child of children) visit(child, node);
  };
  visit(root, undefined);
  return isExact ? uses : null;
};

/**
 * Every number `node` can evaluate to over the finite options it reads (params bound), or null when it reads an
 * option without a finite domain or has too many combinations.
 */
const possibleNumbers = (node: ExprNode, lowering: LoweringDomains): number[] | null => {
  const reads = referencedOptions(node);
  if (reads.some((id) => !Object.hasOwn(lowering.domains, id))) return null;
  const columns = reads.map((id) => lowering.domains[id] ?? []);
  if (columns.reduce((size, column) => size * column.length, 1) > MAX_VALUE_COMBINATIONS) return null;
  const compiled = compileExpression(node);
  const current = new Map<string, string>();
  const env: Environment = {
    valueOf: (id) => {
      const label = current.get(id);
      return label === undefined ? null : lowering.decode ? lowering.decode(id, label) : label;
    },
    param: lowering.param ?? (() => null),
  };
  const found = new Set<number>();
  const walk = (k: number) => {
    if (k === reads.length) {
      const value = compiled(env);
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) if (typeof item === 'number') found.add(item);
      return;
    }
    for (const label of columns[k] ?? []) {
      current.set(reads[k] ?? '', label);
      walk(k + 1);
    }
  };
  walk(0);
  return [...found];
};

const cutsFor = (op: string, values: readonly number[]): Cut[] =>
  values.flatMap((at): Cut[] => {
    if (op === '<' || op === '>=') return [{ at, side: 'before' }];
    if (op === '<=' || op === '>') return [{ at, side: 'after' }];
    return [
      { at, side: 'before' },
      { at, side: 'after' },
    ];
  });

const span = { start: 0, end: 0 };
const optionNode = (id: string): ExprNode => ({ kind: 'option', id, span });
const boundNode = (id: string, op: '>=' | '<=', bound: ExprNode): ExprNode => ({
  kind: 'binary',
  op,
  left: optionNode(id),
  right: bound,
  span,
});

type RangeBound = { node: ExprNode | null; literal: number | null };

const boundOf = (value: number | string | undefined, parsed: Expression | undefined): RangeBound =>
  typeof value === 'number' ? { node: null, literal: value } : { node: parsed?.root ?? null, literal: null };

type ExpressionBound = RuntimeBound & { readonly node: ExprNode };

/** Whether the option's range is enforced by the core (the spec: Fraction-format options skip min/max checks). */
export const isRangeEnforced = (option: ModelOption): boolean =>
  option.kind === 'number' && option.range !== undefined && option.displayFormat !== 'Fraction';

/**
 * Builds the finite abstraction of `model` with params read through `param`. A number option's intervals are cut
 * at every constant its threshold rules and range bounds compare it with (bounds and thresholds that depend on
 * finite options are enumerated), so every lowered rule is constant on each interval and the core stays exact.
 */
export const abstractModel = (
  model: ProductModel,
  expressions: ParsedExpressions,
  param: (name: string) => Scalar | undefined,
): Abstraction => {
  const finiteDomains: Record<string, readonly string[]> = Object.fromEntries(
    model.options.filter(isFiniteOption).map((option) => [option.id, domainOf(option)]),
  );
  const numberOptions = model.options.filter((option) => option.kind === 'number');
  const isNumber = (id: string) => numberOptions.some((option) => option.id === id);
  const textIds = new Set(model.options.filter((option) => option.kind === 'text').map((option) => option.id));
  const finiteOnly: LoweringDomains = { domains: finiteDomains, param };
  const cuts = new Map<string, Cut[]>(numberOptions.map((option) => [option.id, []]));
  const runtimeRules: RuntimeRule[] = [];
  const lowerable: RuntimeRule[] = [];

  model.constraints.forEach((constraint, i) => {
    if (constraint.kind !== 'rule') return;
    const expression = expressions.get(`constraints[${i}].rule`);
    if (!expression) return;
    const runtime = { id: constraint.id, description: constraint.description, expression };
    const reads = referencedOptions(expression);
    const uses = reads.some((id) => textIds.has(id)) ? null : thresholdUses(expression.root, isNumber);
    const found = uses?.map((use) => ({ use, values: possibleNumbers(use.other, finiteOnly) }));
    if (!found || found.some((entry) => entry.values === null)) {
      runtimeRules.push(runtime);
      return;
    }
    for (const { use, values } of found) cuts.get(use.optionId)?.push(...cutsFor(use.op, values ?? []));
    lowerable.push(runtime);
  });

  const lowerableBounds: ExpressionBound[] = [];
  const runtimeBounds: RuntimeBound[] = [];
  const numbers = new Map<string, NumberDomain>();
  model.options.forEach((option, i) => {
    if (option.kind !== 'number') return;
    let min = Number.NEGATIVE_INFINITY;
    let max = Number.POSITIVE_INFINITY;
    if (isRangeEnforced(option) && option.range) {
      const range = {
        min: boundOf(option.range.min, expressions.get(`options[${i}].range.min`)),
        max: boundOf(option.range.max, expressions.get(`options[${i}].range.max`)),
      };
      const minValues = range.min.node ? possibleNumbers(range.min.node, finiteOnly) : [range.min.literal ?? 0];
      const maxValues = range.max.node ? possibleNumbers(range.max.node, finiteOnly) : [range.max.literal ?? 0];
      if (minValues && minValues.length > 0) min = Math.min(...minValues);
      if (maxValues && maxValues.length > 0) max = Math.max(...maxValues);
      cuts.get(option.id)?.push(...cutsFor('>=', minValues ?? []), ...cutsFor('<=', maxValues ?? []));
      // Bounds over finite options and params become a table below; those that read numbers or text stay
      // selection-time checks.
      for (const [which, bound, values] of [
        ['min', range.min, minValues],
        ['max', range.max, maxValues],
      ] as const) {
        const expression = expressions.get(`options[${i}].range.${which}`);
        if (!bound.node || !expression) continue;
        if (values) lowerableBounds.push({ optionId: option.id, which, expression, node: bound.node });
        else runtimeBounds.push({ optionId: option.id, which, expression });
      }
    }
    numbers.set(option.id, buildNumberDomain(option.id, cuts.get(option.id) ?? [], min, max));
  });

  const domains: Record<string, readonly string[]> = { ...finiteDomains };
  for (const [id, domain] of numbers) domains[id] = domain.intervals.map((interval) => interval.label);
  const decode = (id: string, label: string): Scalar => {
    const domain = numbers.get(id);
    if (domain) return domain.byLabel.get(label)?.sample ?? null;
    return finiteDomains[id] && model.options.find((o) => o.id === id)?.kind === 'boolean' ? label === 'True' : label;
  };
  const lowering: LoweringDomains = { domains, decode, param };
  const fallback = Object.keys(domains)[0];
  const tables: TableConstraint[] = [];
  for (const rule of lowerable) {
    const lowered = lowerExpression(rule.id, rule.expression, lowering, fallback);
    if (lowered) tables.push(...lowered);
    else runtimeRules.push(rule);
  }
  for (const { optionId, which, expression, node } of lowerableBounds) {
    const op = which === 'min' ? '>=' : '<=';
    const lowered = lowerExpression(`${optionId}.range.${which}`, boundNode(optionId, op, node), lowering, fallback);
    if (lowered) tables.push(...lowered);
    else runtimeBounds.push({ optionId, which, expression });
  }

  const coreModel: ProductModel = {
    ...model,
    options: model.options.map((option) => {
      const domain = numbers.get(option.id);
      if (!domain) return option;
      return { ...option, kind: 'single', values: domain.intervals.map((interval) => ({ value: interval.label })) };
    }),
    constraints: model.constraints.filter((constraint) => constraint.kind === 'table'),
  };
  return { coreModel, tables, numbers, runtimeRules, runtimeBounds };
};
