/** A scalar value an option or parameter can hold; `null` means not chosen yet (unknown). */
export type Scalar = string | number | boolean | null;

/** Any value an expression can produce; lists appear only as the right side of `in`. */
export type Value = Scalar | readonly Value[];

/** Three-valued truth: `null` is unknown. */
export type Truth = boolean | null;

/**
 * Reads a value as a truth value. Booleans are themselves; the strings `'True'`/`'False'` (any case) are the
 * checkbox values the spec sends; anything else is unknown.
 */
export function toTruth(value: Value): Truth {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return null;
  const lower = value.toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : null;
}

/** Kleene negation. */
export function not(value: Truth): Truth {
  return value === null ? null : !value;
}

/** Kleene conjunction: false wins over unknown. */
export function and(left: Truth, right: Truth): Truth {
  if (left === false || right === false) return false;
  return left === null || right === null ? null : true;
}

/** Kleene disjunction: true wins over unknown. */
export function or(left: Truth, right: Truth): Truth {
  if (left === true || right === true) return true;
  return left === null || right === null ? null : false;
}

/**
 * Equality with unknowns: anything compared with `null` is unknown. A boolean equals its string form
 * (`true = 'True'`), so checkbox options compare with both spellings. Values of different types are unequal.
 */
export function equals(left: Value, right: Value): Truth {
  if (left === null || right === null) return null;
  if (typeof left === 'boolean' && typeof right === 'string') return toTruth(right) === left;
  if (typeof left === 'string' && typeof right === 'boolean') return toTruth(left) === right;
  if (Array.isArray(left) || Array.isArray(right)) return false;
  return left === right;
}

/** Ordering of two numbers or two strings (code-unit order); unknown for `null` or mixed types. */
export function compare(left: Value, right: Value): number | null {
  const bothNumbers = typeof left === 'number' && typeof right === 'number';
  const bothStrings = typeof left === 'string' && typeof right === 'string';
  if (!bothNumbers && !bothStrings) return null;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** List membership as a disjunction of equalities: true on a match, unknown if some comparison was unknown. */
export function member(value: Value, list: Value): Truth {
  if (value === null || !Array.isArray(list)) return null;
  let result: Truth = false;
  for (const item of list) {
    result = or(result, equals(value, item));
    if (result === true) return true;
  }
  return result;
}

/** Keeps numeric results finite: NaN and ±Infinity (overflow, 0/0) become unknown. */
export function finite(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** Text form used by `&` and `text()`: booleans as `'True'`/`'False'` like the spec; unknown stays unknown. */
export function toText(value: Value): string | null {
  if (value === null || Array.isArray(value)) return null;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return Object.is(value, -0) ? '0' : String(value);
  return value as string;
}

/** Normalizes a value read from the environment: `undefined`, NaN and ±Infinity are unknown. */
export function fromInput(value: Scalar | undefined): Scalar {
  if (value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return null;
  return value;
}
