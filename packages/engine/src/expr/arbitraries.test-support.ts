import fc from 'fast-check';
import type { BinaryOperator, ExprNode } from './ast';
import type { Scalar } from './values';

/** Test support: fast-check generators for expression trees. Spans are dummies; compare with `stripSpans`. */

const SPAN = { start: 0, end: 0 };
const BINARY_OPERATORS: BinaryOperator[] = [
  'implies',
  'or',
  'and',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'in',
  'not in',
  '&',
  '+',
  '-',
  '*',
  '/',
  '%',
];
const FUNCTION_NAMES = ['min', 'max', 'round', 'floor', 'ceil', 'abs', 'isSet', 'upper', 'lower', 'len', 'text'];
const name = fc.oneof(
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/),
  fc.constantFrom('and', 'not', 'then', '101', 'frame-color', 'a.b', 'x y'),
  fc.string({ minLength: 1, maxLength: 6 }).filter((text) => !/[`\n]/.test(text)),
);

/** Any syntactically possible tree, typed or not: for printing round trips and "never throws" checks. */
export const anyExpression: fc.Arbitrary<ExprNode> = fc.letrec<{ node: ExprNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .oneof(fc.nat(), fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }))
      .map((value) => ({ kind: 'number', value, span: SPAN }) as const),
    fc.string({ unit: 'binary', maxLength: 6 }).map((value) => ({ kind: 'string', value, span: SPAN }) as const),
    fc.boolean().map((value) => ({ kind: 'boolean', value, span: SPAN }) as const),
    fc.constant({ kind: 'null', span: SPAN } as const),
    name.map((id) => ({ kind: 'option', id, span: SPAN }) as const),
    name.map((param) => ({ kind: 'param', name: param, span: SPAN }) as const),
    fc.array(tie('node'), { maxLength: 3 }).map((items) => ({ kind: 'list', items, span: SPAN }) as const),
    fc
      .tuple(fc.constantFrom('not', '-'), tie('node'))
      .map(([op, operand]) => ({ kind: 'unary', op, operand, span: SPAN }) as const),
    fc
      .tuple(fc.constantFrom(...BINARY_OPERATORS), tie('node'), tie('node'))
      .map(([op, left, right]) => ({ kind: 'binary', op, left, right, span: SPAN }) as const),
    fc
      .tuple(tie('node'), tie('node'), tie('node'))
      .map(([condition, whenTrue, whenFalse]) => ({ kind: 'if', condition, whenTrue, whenFalse, span: SPAN }) as const),
    fc
      .tuple(
        fc.oneof(fc.constantFrom(...FUNCTION_NAMES, 'coalesce', 'fraction'), name),
        fc.array(tie('node'), { maxLength: 3 }),
      )
      .map(([callee, args]) => ({ kind: 'call', name: callee, args, span: SPAN, nameSpan: SPAN }) as const),
  ),
})).node;

/** A tree with every span removed, for comparing parsed trees with generated ones. */
export function stripSpans(node: ExprNode): unknown {
  return JSON.parse(JSON.stringify(node, (key, value) => (key === 'span' || key === 'nameSpan' ? undefined : value)));
}

/** A random value for any option or parameter, including unknown and checkbox strings. */
export const anyScalar: fc.Arbitrary<Scalar> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom('True', 'False', 'a', ''),
  fc.string({ maxLength: 4 }),
  fc.integer({ min: -5, max: 5 }),
  fc.double(),
);
