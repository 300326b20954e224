import fc from 'fast-check';
import type { BinaryOperator, ExprNode } from './ast';
import type { SymbolTable } from './symbols';

/** Test support: generators for well-typed trees over a fixed symbol table of finite and numeric options. */

const SPAN = { start: 0, end: 0 };
type Kind = 'number' | 'string' | 'boolean';

/** Options the typed generator reads: `s1`..`s3` single-choice, `b1`/`b2` checkboxes, `n1`/`n2` numbers. */
export const TYPED_SYMBOLS: SymbolTable = {
  options: { s1: 'string', s2: 'string', s3: 'string', b1: 'boolean', b2: 'boolean', n1: 'number', n2: 'number' },
  params: { P: 'string' },
};

/** Finite domains for the single-choice and checkbox options (checkboxes use the spec's 'True'/'False'). */
export const TYPED_DOMAINS: Record<string, string[]> = {
  s1: ['a', 'b', 'c'],
  s2: ['a', 'b'],
  s3: ['c', 'd'],
  b1: ['True', 'False'],
  b2: ['True', 'False'],
};

const leaf = {
  number: fc.oneof(
    fc.integer({ min: 0, max: 20 }).map((value): ExprNode => ({ kind: 'number', value, span: SPAN })),
    fc.constantFrom('n1', 'n2').map((id): ExprNode => ({ kind: 'option', id, span: SPAN })),
  ),
  string: fc.oneof(
    fc.constantFrom('a', 'b', 'c', 'd', '').map((value): ExprNode => ({ kind: 'string', value, span: SPAN })),
    fc.constantFrom('s1', 's2', 's3').map((id): ExprNode => ({ kind: 'option', id, span: SPAN })),
    fc.constant<ExprNode>({ kind: 'param', name: 'P', span: SPAN }),
  ),
  boolean: fc.oneof(
    fc.boolean().map((value): ExprNode => ({ kind: 'boolean', value, span: SPAN })),
    fc.constantFrom('b1', 'b2').map((id): ExprNode => ({ kind: 'option', id, span: SPAN })),
    // Rules mostly compare a choice with a value; weighting them makes tuple tables non-trivial.
    fc
      .oneof(
        fc.tuple(fc.constantFrom('s1', 's2', 's3'), fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('=', '!=')),
        fc.tuple(fc.constantFrom('b1', 'b2'), fc.constantFrom('True', 'False'), fc.constantFrom('=', '!=')),
      )
      .map(
        ([id, value, op]): ExprNode => ({
          kind: 'binary',
          op,
          left: { kind: 'option', id, span: SPAN },
          right: { kind: 'string', value, span: SPAN },
          span: SPAN,
        }),
      ),
  ),
};

const binary = (op: BinaryOperator, left: ExprNode, right: ExprNode): ExprNode => ({
  kind: 'binary',
  op,
  left,
  right,
  span: SPAN,
});
const call = (name: string, ...args: ExprNode[]): ExprNode => ({
  kind: 'call',
  name,
  args,
  span: SPAN,
  nameSpan: SPAN,
});

const memo = new Map<string, fc.Arbitrary<ExprNode>>();

/** A well-typed tree of the given result type, at most `depth` levels deep. */
export function typedExpression(kind: Kind, depth: number): fc.Arbitrary<ExprNode> {
  const key = `${kind}:${depth}`;
  let arbitrary = memo.get(key);
  if (arbitrary === undefined) {
    arbitrary = depth <= 0 ? leaf[kind] : build(kind, depth);
    memo.set(key, arbitrary);
  }
  return arbitrary;
}

function build(kind: Kind, depth: number): fc.Arbitrary<ExprNode> {
  const sub = (k: Kind) => typedExpression(k, depth - 1);
  const choice = fc
    .tuple(sub('boolean'), sub(kind), sub(kind))
    .map(([condition, whenTrue, whenFalse]): ExprNode => ({ kind: 'if', condition, whenTrue, whenFalse, span: SPAN }));
  const fallback = fc.tuple(sub(kind), sub(kind)).map(([a, b]) => call('coalesce', a, b));
  const compound: Record<Kind, fc.Arbitrary<ExprNode>[]> = {
    number: [
      fc
        .tuple(fc.constantFrom<BinaryOperator>('+', '-', '*', '/', '%'), sub('number'), sub('number'))
        .map(([op, a, b]) => binary(op, a, b)),
      sub('number').map((operand): ExprNode => ({ kind: 'unary', op: '-', operand, span: SPAN })),
      fc
        .tuple(fc.constantFrom('min', 'max'), fc.array(sub('number'), { minLength: 1, maxLength: 3 }))
        .map(([f, args]) => call(f, ...args)),
      fc.tuple(fc.constantFrom('round', 'floor', 'ceil', 'abs'), sub('number')).map(([f, x]) => call(f, x)),
      sub('string').map((s) => call('len', s)),
    ],
    string: [
      fc
        .tuple(sub('string'), fc.oneof(sub('number'), sub('string'), sub('boolean')))
        .map(([a, b]) => binary('&', a, b)),
      fc.tuple(fc.constantFrom('upper', 'lower'), sub('string')).map(([f, s]) => call(f, s)),
      fc
        .tuple(sub('number'), fc.integer({ min: 0, max: 3 }))
        .map(([x, d]) => call('text', x, { kind: 'number', value: d, span: SPAN })),
      sub('number').map((x) => call('fraction', x, { kind: 'number', value: 8, span: SPAN })),
    ],
    boolean: [
      fc
        .tuple(fc.constantFrom<BinaryOperator>('and', 'or', 'implies'), sub('boolean'), sub('boolean'))
        .map(([op, a, b]) => binary(op, a, b)),
      sub('boolean').map((operand): ExprNode => ({ kind: 'unary', op: 'not', operand, span: SPAN })),
      fc
        .tuple(fc.constantFrom<BinaryOperator>('=', '!=', '<', '>='), sub('number'), sub('number'))
        .map(([op, a, b]) => binary(op, a, b)),
      fc
        .tuple(fc.constantFrom<BinaryOperator>('=', '!=', '<'), sub('string'), sub('string'))
        .map(([op, a, b]) => binary(op, a, b)),
      fc
        .tuple(fc.constantFrom<BinaryOperator>('=', '!='), sub('boolean'), sub('boolean'))
        .map(([op, a, b]) => binary(op, a, b)),
      fc
        .tuple(
          fc.constantFrom<BinaryOperator>('in', 'not in'),
          sub('string'),
          fc.array(sub('string'), { maxLength: 3 }),
        )
        .map(([op, a, items]) => binary(op, a, { kind: 'list', items, span: SPAN })),
      fc.constantFrom('s1', 'b1', 'n1').map((id) => call('isSet', { kind: 'option', id, span: SPAN })),
    ],
  };
  return fc.oneof({ weight: 2, arbitrary: leaf[kind] }, choice, fallback, ...compound[kind]);
}

const ruleAtom = fc.oneof(leaf.boolean, leaf.boolean, typedExpression('boolean', 1));
const ruleChain = fc
  .tuple(
    ruleAtom,
    fc.array(fc.tuple(fc.constantFrom<BinaryOperator>('and', 'or', 'implies'), ruleAtom), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([first, rest]) => rest.reduce((left, [op, right]) => binary(op, left, right), first));

/** Rules as models write them: logic over choice comparisons, with an occasional isSet/coalesce/free number. */
export const ruleExpression: fc.Arbitrary<ExprNode> = fc.letrec<{ rule: ExprNode }>((tie) => ({
  rule: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    ruleChain,
    fc
      .tuple(fc.constantFrom<BinaryOperator>('and', 'or', 'implies'), tie('rule'), tie('rule'))
      .map(([op, a, b]) => binary(op, a, b)),
    tie('rule').map((operand): ExprNode => ({ kind: 'unary', op: 'not', operand, span: SPAN })),
  ),
})).rule;
