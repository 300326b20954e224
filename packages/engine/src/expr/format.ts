import type { Expression, ExprNode } from './ast';
import { isBareIdentifier } from './lexer';
import { binaryOperatorInfo, PRECEDENCE } from './parser';

const ATOM = 100;
const IF = 0;

/**
 * Prints an expression in canonical form with only the parentheses the grammar needs;
 * parsing the output gives back the same tree (spans aside).
 */
export function formatExpression(expr: Expression | ExprNode): string {
  return print('root' in expr ? expr.root : expr);
}

function precedenceOf(node: ExprNode): number {
  switch (node.kind) {
    case 'binary':
      return binaryOperatorInfo(node.op).precedence;
    case 'unary':
      return node.op === 'not' ? PRECEDENCE.not : PRECEDENCE.unary;
    case 'if':
      return IF;
    default:
      return ATOM;
  }
}

/** Prints `node`, wrapped in parentheses unless it binds at least as tightly as `minimum`. */
function printAt(node: ExprNode, minimum: number): string {
  const text = print(node);
  const precedence = precedenceOf(node);
  // An `if` swallows everything to its right, so it is always wrapped when it is an operand.
  return precedence < minimum || (precedence === IF && minimum > IF) ? `(${text})` : text;
}

function print(node: ExprNode): string {
  switch (node.kind) {
    case 'number':
      return String(node.value);
    case 'string':
      return quoteString(node.value);
    case 'boolean':
      return String(node.value);
    case 'null':
      return 'null';
    case 'list':
      return `[${node.items.map((item) => print(item)).join(', ')}]`;
    case 'option':
      return quoteName(node.id);
    case 'param':
      return `$${quoteName(node.name)}`;
    case 'call':
      return `${quoteName(node.name)}(${node.args.map((arg) => print(arg)).join(', ')})`;
    case 'unary':
      return node.op === 'not'
        ? `not ${printAt(node.operand, PRECEDENCE.not)}`
        : `-${printAt(node.operand, node.operand.kind === 'unary' ? ATOM : PRECEDENCE.unary)}`;
    case 'if':
      return `if ${printAt(node.condition, 1)} then ${printAt(node.whenTrue, 1)} else ${print(node.whenFalse)}`;
    case 'binary': {
      const { precedence, associativity } = binaryOperatorInfo(node.op);
      const left = printAt(node.left, associativity === 'left' ? precedence : precedence + 1);
      const right = printAt(node.right, associativity === 'right' ? precedence : precedence + 1);
      return `${left} ${node.op} ${right}`;
    }
  }
}

function quoteName(name: string): string {
  return isBareIdentifier(name) ? name : `\`${name}\``;
}

function quoteString(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must be escaped.
  const escaped = value.replace(/[\\'\u0000-\u001f\u007f]/g, (char) => {
    const named: Readonly<Record<string, string>> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\t': '\\t', '\r': '\\r' };
    return named[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
  return `'${escaped}'`;
}
