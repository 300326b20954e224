import { formatFixed, formatFraction, roundHalfAway } from './numbers';
import type { ExprType } from './symbols';
import { finite, toText, type Value } from './values';

/** Expected argument type: a concrete type, any scalar, or (for `isSet`) an option/parameter reference. */
export type ArgumentType = 'number' | 'string' | 'scalar' | 'any' | 'reference';

/** The whitelist entry for one function: its signature for the checker and, unless special, its implementation. */
export type Builtin = {
  readonly minArgs: number;
  readonly maxArgs: number;
  /** Argument types by position; the last one repeats for variadic functions. */
  readonly argTypes: readonly ArgumentType[];
  /** Result type, or `join` for the common type of the arguments (`coalesce`). */
  readonly result: ExprType | 'join';
  /**
   * Implementation over evaluated arguments, called only when none is unknown (unknown in, unknown out).
   * Absent for `isSet` and `coalesce`, which look at unknowns, and `caption`, which reads the model's captions:
   * the evaluator builds those.
   */
  readonly apply?: (args: readonly Value[]) => Value;
};

const num = (value: Value | undefined): number | null => (typeof value === 'number' ? value : null);
const numeric = (fn: (x: number) => number): Builtin => ({
  minArgs: 1,
  maxArgs: 1,
  argTypes: ['number'],
  result: 'number',
  apply: ([x]) => (typeof x === 'number' ? finite(fn(x) + 0) : null),
});
const extreme = (pick: (...values: number[]) => number): Builtin => ({
  minArgs: 1,
  maxArgs: Number.POSITIVE_INFINITY,
  argTypes: ['number'],
  result: 'number',
  apply: (args) => (args.every((arg) => typeof arg === 'number') ? pick(...(args as number[])) : null),
});
const textual = (fn: (s: string) => Value, result: ExprType): Builtin => ({
  minArgs: 1,
  maxArgs: 1,
  argTypes: ['string'],
  result,
  apply: ([s]) => (typeof s === 'string' ? fn(s) : null),
});

/** The fixed function whitelist. Nothing outside this table can be called from a model. */
export const BUILTINS: Readonly<Record<string, Builtin>> = {
  min: extreme(Math.min),
  max: extreme(Math.max),
  round: {
    minArgs: 1,
    maxArgs: 2,
    argTypes: ['number', 'number'],
    result: 'number',
    apply: ([x, digits]) => {
      const value = num(x);
      return value === null ? null : roundHalfAway(value, digits === undefined ? 0 : (num(digits) ?? Number.NaN));
    },
  },
  floor: numeric(Math.floor),
  ceil: numeric(Math.ceil),
  abs: numeric(Math.abs),
  upper: textual((s) => s.toUpperCase(), 'string'),
  lower: textual((s) => s.toLowerCase(), 'string'),
  len: textual((s) => s.length, 'number'),
  text: {
    minArgs: 1,
    maxArgs: 2,
    argTypes: ['scalar', 'number'],
    result: 'string',
    apply: ([x, decimals]) => {
      if (decimals === undefined) return toText(x ?? null);
      const value = num(x);
      const places = num(decimals);
      return value === null || places === null ? null : formatFixed(value, places);
    },
  },
  fraction: {
    minArgs: 2,
    maxArgs: 2,
    argTypes: ['number', 'number'],
    result: 'string',
    apply: ([x, denominator]) => {
      const value = num(x);
      const parts = num(denominator);
      return value === null || parts === null ? null : formatFraction(value, parts);
    },
  },
  isSet: { minArgs: 1, maxArgs: 1, argTypes: ['reference'], result: 'boolean' },
  caption: { minArgs: 1, maxArgs: 1, argTypes: ['reference'], result: 'string' },
  coalesce: { minArgs: 2, maxArgs: Number.POSITIVE_INFINITY, argTypes: ['any'], result: 'join' },
};

/** The whitelist entry for `name`, or undefined for a function the language does not have. */
export function builtinNamed(name: string): Builtin | undefined {
  return Object.hasOwn(BUILTINS, name) ? BUILTINS[name] : undefined;
}

/** Expected type of argument `index` (the last declared type repeats). */
export function argumentType(builtin: Builtin, index: number): ArgumentType {
  return builtin.argTypes[Math.min(index, builtin.argTypes.length - 1)] ?? 'any';
}
