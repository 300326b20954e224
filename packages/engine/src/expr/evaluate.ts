import type { BinaryOperator, Expression, ExprNode } from './ast';
import { builtinNamed } from './builtins';
import {
  and,
  compare,
  equals,
  finite,
  fromInput,
  member,
  not,
  or,
  type Scalar,
  type Truth,
  toText,
  toTruth,
  type Value,
} from './values';

/** What an expression can read: chosen option values (`null` = not chosen yet) and session parameters. */
export type Environment = {
  readonly valueOf: (optionId: string) => Scalar | undefined;
  readonly param: (name: string) => Scalar | undefined;
  /** The caption people read for an option's value, for `caption(option)`; without it, the value's text. */
  readonly captionOf?: (optionId: string, value: string) => string | undefined;
};

/** An expression compiled to closures; call it once per evaluation. Never throws. */
export type CompiledExpression = (env: Environment) => Value;

type Compiled = CompiledExpression;

const cache = new WeakMap<ExprNode, Compiled>();

/**
 * Compiles the tree once into nested closures (no `eval`, no `new Function`). Results are cached per tree,
 * so calling this again for the same expression is free.
 */
export function compileExpression(expr: Expression | ExprNode): CompiledExpression {
  const root = 'root' in expr ? expr.root : expr;
  let compiled = cache.get(root);
  if (compiled === undefined) {
    compiled = compile(root);
    cache.set(root, compiled);
  }
  return compiled;
}

/**
 * Evaluates with three-valued logic: unchosen options are `null`, comparisons with `null` are `null`,
 * `and`/`or`/`implies`/`not` follow Kleene, arithmetic with `null` or a zero divisor gives `null`.
 */
export function evaluate(expr: Expression | ExprNode, env: Environment): Value {
  return compileExpression(expr)(env);
}

/** Evaluates a condition or rule to true, false or unknown (`null`). */
export function evaluateTruth(expr: Expression | ExprNode, env: Environment): Truth {
  return toTruth(compileExpression(expr)(env));
}

function compile(node: ExprNode): Compiled {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean': {
      const { value } = node;
      return () => value;
    }
    case 'null':
      return () => null;
    case 'list': {
      const items = node.items.map(compile);
      return (env) => items.map((item) => item(env));
    }
    case 'option': {
      const { id } = node;
      return (env) => fromInput(env.valueOf(id));
    }
    case 'param': {
      const { name } = node;
      return (env) => fromInput(env.param(name));
    }
    case 'unary': {
      const operand = compile(node.operand);
      if (node.op === 'not') return (env) => not(toTruth(operand(env)));
      return (env) => {
        const value = operand(env);
        return typeof value === 'number' ? -value : null;
      };
    }
    case 'if':
      return compileIf(compile(node.condition), compile(node.whenTrue), compile(node.whenFalse));
    case 'call':
      return compileCall(node);
    case 'binary':
      return compileBinary(node.op, compile(node.left), compile(node.right));
  }
}

function compileIf(condition: Compiled, whenTrue: Compiled, whenFalse: Compiled): Compiled {
  return (env) => {
    const truth = toTruth(condition(env));
    if (truth !== null) return truth ? whenTrue(env) : whenFalse(env);
    // Unknown condition: the result is still known when both branches agree.
    const value = whenTrue(env);
    return value !== null && !Array.isArray(value) && value === whenFalse(env) ? value : null;
  };
}

function compileBinary(op: BinaryOperator, left: Compiled, right: Compiled): Compiled {
  const arithmetic = (fn: (a: number, b: number) => number): Compiled => {
    return (env) => {
      const a = left(env);
      const b = right(env);
      return typeof a === 'number' && typeof b === 'number' ? finite(fn(a, b)) : null;
    };
  };
  const ordering = (test: (sign: number) => boolean): Compiled => {
    return (env) => {
      const sign = compare(left(env), right(env));
      return sign === null ? null : test(sign);
    };
  };
  switch (op) {
    case 'and':
      return (env) => {
        const a = toTruth(left(env));
        return a === false ? false : and(a, toTruth(right(env)));
      };
    case 'or':
      return (env) => {
        const a = toTruth(left(env));
        return a === true ? true : or(a, toTruth(right(env)));
      };
    case 'implies':
      return (env) => {
        const a = toTruth(left(env));
        return a === false ? true : or(not(a), toTruth(right(env)));
      };
    case '=':
      return (env) => equals(left(env), right(env));
    case '!=':
      return (env) => not(equals(left(env), right(env)));
    case '<':
      return ordering((sign) => sign < 0);
    case '<=':
      return ordering((sign) => sign <= 0);
    case '>':
      return ordering((sign) => sign > 0);
    case '>=':
      return ordering((sign) => sign >= 0);
    case 'in':
      return (env) => member(left(env), right(env));
    case 'not in':
      return (env) => not(member(left(env), right(env)));
    case '&':
      return (env) => {
        const a = toText(left(env));
        const b = a === null ? null : toText(right(env));
        return b === null ? null : `${a}${b}`;
      };
    case '+':
      return arithmetic((a, b) => a + b);
    case '-':
      return arithmetic((a, b) => a - b);
    case '*':
      return arithmetic((a, b) => a * b);
    case '/':
      return arithmetic((a, b) => a / b);
    case '%':
      return arithmetic((a, b) => a % b);
  }
}

function compileCall(node: Extract<ExprNode, { kind: 'call' }>): Compiled {
  const args = node.args.map(compile);
  const [first] = node.args;
  if (node.name === 'isSet' && first !== undefined) {
    const read = args[0] as Compiled;
    return (env) => read(env) !== null;
  }
  if (node.name === 'caption' && first !== undefined) {
    const read = args[0] as Compiled;
    const optionId = first.kind === 'option' ? first.id : null;
    return (env) => {
      const text = toText(read(env));
      if (text === null) return null;
      return (optionId === null ? undefined : env.captionOf?.(optionId, text)) ?? text;
    };
  }
  if (node.name === 'coalesce') {
    return (env) => {
      for (const arg of args) {
        const value = arg(env);
        if (value !== null) return value;
      }
      return null;
    };
  }
  const apply = builtinNamed(node.name)?.apply;
  if (apply === undefined) return () => null;
  return (env) => {
    const values = args.map((arg) => arg(env));
    if (values.includes(null)) return null;
    const result = apply(values);
    return typeof result === 'number' ? finite(result) : result;
  };
}
