import type { Expression, ExprNode } from './ast';
import { argumentType, builtinNamed } from './builtins';
import { type ExpressionError, type ExpressionErrorCode, expressionError } from './errors';
import { KEYWORDS } from './lexer';
import {
  type ExprType,
  fits,
  isListType,
  joinTypes,
  listItemType,
  type ScalarType,
  type SymbolTable,
  typeOfKind,
} from './symbols';
import { toTruth } from './values';

/** Result of type inference: the expression's static type and every problem found on the way. */
export type TypedExpression = { readonly type: ExprType; readonly errors: readonly ExpressionError[] };

/**
 * Reports unknown options, parameters and functions, wrong arity and type errors. When `expected` is given
 * (`boolean` for conditions and rules, `number` for bounds and prices), the result type is checked too.
 */
export function checkExpression(expr: Expression, symbols: SymbolTable, expected?: ScalarType): ExpressionError[] {
  const { type, errors } = inferExpressionType(expr, symbols);
  if (expected === undefined || fits(type, expected)) return [...errors];
  const message = `expression must be ${expected} but is ${type}`;
  return [...errors, expressionError(expr.source, expr.root.span, 'type', message, expr.path)];
}

/** Infers the static type of `expr`, collecting errors; the type is `any` where an error made it unknowable. */
export function inferExpressionType(expr: Expression, symbols: SymbolTable): TypedExpression {
  const errors: ExpressionError[] = [];
  const report = (node: ExprNode | { span: ExprNode['span'] }, code: ExpressionErrorCode, message: string): 'any' => {
    errors.push(expressionError(expr.source, node.span, code, message, expr.path));
    return 'any';
  };
  const expect = (node: ExprNode, wanted: 'number' | 'string' | 'boolean', role: string): void => {
    const type = infer(node);
    if (!fits(type, wanted)) report(node, 'type', `${role} expects ${wanted} but got ${type}`);
  };
  const scalar = (node: ExprNode, role: string): ExprType => {
    const type = infer(node);
    return isListType(type) ? report(node, 'type', `${role} expects a single value but got a list`) : type;
  };

  const infer = (node: ExprNode): ExprType => {
    switch (node.kind) {
      case 'number':
      case 'string':
      case 'boolean':
      case 'null':
        return node.kind;
      case 'list':
        return inferList(node.items);
      case 'option': {
        const kind = Object.hasOwn(symbols.options, node.id) ? symbols.options[node.id] : undefined;
        return kind === undefined ? report(node, 'unknown-option', unknownOptionMessage(node.id)) : typeOfKind(kind);
      }
      case 'param': {
        const kind = symbols.params && Object.hasOwn(symbols.params, node.name) ? symbols.params[node.name] : undefined;
        return kind === undefined
          ? report(node, 'unknown-param', `unknown parameter '$${node.name}'`)
          : typeOfKind(kind);
      }
      case 'unary':
        expect(node.operand, node.op === 'not' ? 'boolean' : 'number', `'${node.op}'`);
        return node.op === 'not' ? 'boolean' : 'number';
      case 'if': {
        expect(node.condition, 'boolean', "'if' condition");
        const joined = joinTypes(infer(node.whenTrue), infer(node.whenFalse));
        return joined ?? report(node.whenFalse, 'type', "the branches of 'if' have different types");
      }
      case 'call':
        return inferCall(node);
      case 'binary':
        return inferBinary(node);
    }
  };

  const inferList = (items: readonly ExprNode[]): ExprType => {
    let item: ExprType = 'null';
    for (const node of items) {
      const type = scalar(node, 'a list');
      item = joinTypes(item, type) ?? report(node, 'type', `list mixes ${item} and ${type} values`);
    }
    return `list<${item as ScalarType}>`;
  };

  const inferBinary = (node: Extract<ExprNode, { kind: 'binary' }>): ExprType => {
    const role = `'${node.op}'`;
    switch (node.op) {
      case 'implies':
      case 'or':
      case 'and':
        expect(node.left, 'boolean', role);
        expect(node.right, 'boolean', role);
        return 'boolean';
      case '&':
        scalar(node.left, role);
        scalar(node.right, role);
        return 'string';
      case '+':
      case '-':
      case '*':
      case '/':
      case '%':
        expect(node.left, 'number', role);
        expect(node.right, 'number', role);
        return 'number';
      case 'in':
      case 'not in': {
        const left = scalar(node.left, role);
        const right = infer(node.right);
        if (!isListType(right) && right !== 'any' && right !== 'null') {
          return report(node.right, 'type', `${role} expects a list on its right but got ${right}`);
        }
        if (!comparable(left, listItemType(right), node.right)) {
          report(node, 'type', `cannot look for a ${left} in a list of ${listItemType(right)}`);
        }
        return 'boolean';
      }
      default: {
        const left = scalar(node.left, role);
        const right = scalar(node.right, role);
        if (node.left.kind === 'null' || node.right.kind === 'null') {
          return report(node, 'type', 'comparing with null is always unknown; use isSet(...)');
        }
        const ordered = node.op !== '=' && node.op !== '!=';
        const stringSide = left === 'string' ? node.left : node.right;
        const ok = ordered ? orderable(left, right) : comparable(left, right, stringSide);
        return ok ? 'boolean' : report(node, 'type', `cannot compare ${left} with ${right} using ${role}`);
      }
    }
  };

  const inferCall = (node: Extract<ExprNode, { kind: 'call' }>): ExprType => {
    const builtin = builtinNamed(node.name);
    if (builtin === undefined) {
      node.args.forEach(infer);
      return report({ span: node.nameSpan }, 'unknown-function', `unknown function '${node.name}'`);
    }
    const count = node.args.length;
    if (count < builtin.minArgs || count > builtin.maxArgs) {
      node.args.forEach(infer);
      return report(
        node,
        'arity',
        `${node.name}() expects ${arityText(builtin.minArgs, builtin.maxArgs)} but got ${count}`,
      );
    }
    let joined: ExprType = 'null';
    node.args.forEach((arg, index) => {
      const wanted = argumentType(builtin, index);
      const role = `${node.name}() argument ${index + 1}`;
      if (wanted === 'reference') {
        if (arg.kind !== 'option' && arg.kind !== 'param')
          report(arg, 'type', `${role} must be an option or parameter`);
        infer(arg);
      } else if (wanted === 'number' || wanted === 'string') {
        expect(arg, wanted, role);
      } else {
        const type = wanted === 'scalar' ? scalar(arg, role) : infer(arg);
        joined = joinTypes(joined, type) ?? report(arg, 'type', `${role} is ${type} but earlier ones are ${joined}`);
      }
    });
    return builtin.result === 'join' ? joined : builtin.result;
  };

  return { type: infer(expr.root), errors };
}

/** Equality is allowed between like types, and between a boolean and the literal strings 'True'/'False'. */
function comparable(left: ExprType, right: ExprType, stringSide: ExprNode): boolean {
  if (fits(left, right) || fits(right, left)) return true;
  const mixed = (left === 'boolean' && right === 'string') || (left === 'string' && right === 'boolean');
  return mixed && isTruthLiteral(stringSide);
}

/** A checkbox option compares with the spec's string forms: `flag = 'True'`, `flag in ['True']`. */
function isTruthLiteral(node: ExprNode): boolean {
  if (node.kind === 'list') return node.items.every(isTruthLiteral);
  return node.kind === 'boolean' || (node.kind === 'string' && toTruth(node.value) !== null);
}

function orderable(left: ExprType, right: ExprType): boolean {
  const ok = (type: ExprType) => type === 'number' || type === 'string' || type === 'null' || type === 'any';
  return ok(left) && ok(right) && (fits(left, right) || fits(right, left));
}

function arityText(min: number, max: number): string {
  const plural = (n: number) => (n === 1 ? 'argument' : 'arguments');
  if (min === max) return `${min} ${plural(min)}`;
  return max === Number.POSITIVE_INFINITY ? `at least ${min} ${plural(min)}` : `${min} to ${max} arguments`;
}

function unknownOptionMessage(id: string): string {
  const lower = id.toLowerCase();
  if (lower === 'true' || lower === 'false') return `unknown option '${id}'; write ${lower} or the string '${id}'`;
  if ((KEYWORDS as readonly string[]).includes(lower))
    return `unknown option '${id}'; keywords are lowercase: '${lower}'`;
  return `unknown option '${id}'`;
}
