import type { z } from 'zod';

/** Whether a value is exactly what a schema describes (see {@link checkResponse}). */
type TExactCheck = (value: unknown) => boolean;

/** The parts of zod's schema definitions read here (zod 4: `schema._zod.def`). */
type TDef = {
  type: string;
  checks?: readonly unknown[];
  shape?: Readonly<Record<string, z.ZodType>>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Readonly<Record<string, string | number>>;
  values?: readonly unknown[];
};

const defOf = (schema: z.ZodType): TDef => (schema as unknown as { _zod: { def: TDef } })._zod.def;

/**
 * A plain object: what JSON.stringify writes as zod's copy would be written. A class instance is not (its getters
 * and toJSON live on its prototype), so it goes through zod's copy.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** A primitive checked by zod itself: valid, and zod's output is the value unchanged (no coercion, no transform). */
const byZod =
  (schema: z.ZodType): TExactCheck =>
  (value) => {
    if (typeof value === 'object' && value !== null) return false;
    const parsed = schema.safeParse(value);
    return parsed.success && Object.is(parsed.data, value);
  };

/** A number check's definition (zod 4: `check._zod.def`): whole numbers, and bounds. */
type TNumberCheck = { check: string; format?: string; value?: number; inclusive?: boolean };

/** Numbers: finite, with the usual checks (whole, bounds) tested here and any other left to zod. */
function numberCheck(schema: z.ZodType, checks: readonly unknown[]): TExactCheck {
  const defs = checks.map((check) => (check as { _zod: { def: TNumberCheck } })._zod.def);
  let isWhole = false;
  let min = Number.NEGATIVE_INFINITY;
  let isMinIncluded = true;
  let max = Number.POSITIVE_INFINITY;
  let isMaxIncluded = true;
  for (const { check, format, value = 0, inclusive = true } of defs) {
    if (check === 'number_format' && format === 'safeint') isWhole = true;
    else if (check === 'greater_than') [min, isMinIncluded] = [value, inclusive];
    else if (check === 'less_than') [max, isMaxIncluded] = [value, inclusive];
    else return byZod(schema);
  }
  return (value) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (!isWhole || Number.isSafeInteger(value)) &&
    (isMinIncluded ? value >= min : value > min) &&
    (isMaxIncluded ? value <= max : value < max);
}

/**
 * The exact check of a schema, or null when the schema can change what it parses in ways this cannot follow
 * (defaults, transforms, pipes, catch-alls, unions of objects, records...): then only zod's parse will do.
 */
function compile(schema: z.ZodType): TExactCheck | null {
  const def = defOf(schema);
  const hasChecks = (def.checks?.length ?? 0) > 0;
  switch (def.type) {
    case 'string':
      return hasChecks ? byZod(schema) : (value) => typeof value === 'string';
    case 'number':
      return numberCheck(schema, def.checks ?? []);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'enum': {
      const allowed = new Set(Object.values(def.entries ?? {}));
      return (value) => (typeof value === 'string' || typeof value === 'number') && allowed.has(value);
    }
    case 'literal': {
      const allowed = new Set(def.values ?? []);
      return (value) => allowed.has(value);
    }
    case 'unknown':
    case 'any':
      return () => true;
    case 'union':
      // A primitive member is zod's to pick; an object one would be a copy, so only zod's parse tells.
      return byZod(schema);
    case 'nullable':
    case 'optional': {
      const inner = def.innerType ? compiled(def.innerType) : null;
      if (!inner) return null;
      const empty = def.type === 'nullable' ? null : undefined;
      return (value) => value === empty || inner(value);
    }
    case 'array': {
      const element = def.element ? compiled(def.element) : null;
      if (!element || hasChecks) return null;
      return (value) => {
        if (!Array.isArray(value)) return false;
        for (const item of value) if (!element(item)) return false;
        return true;
      };
    }
    case 'object': {
      if (def.catchall || hasChecks || !def.shape) return null;
      const keys = Object.keys(def.shape);
      const named = new Set(keys);
      const fieldChecks: TExactCheck[] = [];
      for (const key of keys) {
        const check = compiled(def.shape[key] as z.ZodType);
        if (!check) return null;
        fieldChecks.push(check);
      }
      return (value) => {
        if (!isPlainObject(value)) return false;
        // A key the shape does not name would be stripped: zod's parse has to make the copy.
        for (const key in value) if (!named.has(key)) return false;
        for (let i = 0; i < keys.length; i += 1) if (!fieldChecks[i]?.(value[keys[i] as string])) return false;
        return true;
      };
    }
    default:
      return null;
  }
}

const checks = new WeakMap<z.ZodType, TExactCheck | null>();

function compiled(schema: z.ZodType): TExactCheck | null {
  if (!checks.has(schema)) {
    // Null while compiling: a schema that contains itself (a getter in its shape) is left to zod.
    checks.set(schema, null);
    checks.set(schema, compile(schema));
  }
  return checks.get(schema) ?? null;
}

/**
 * A route's result checked against its response schema, as zod's `safeParse` would answer, without copying the
 * result when it already is exactly what the schema describes: objects with only the keys their shape names, values
 * of the declared types. That is the usual case, and zod's parse would build a full copy only to return an equal
 * value: for a Renault Megane configuration state (about 3,000 objects) 233 KB of garbage on every configure step.
 * Anything else (keys to strip, a wrong type, schemas that transform) goes through zod's parse, whose output (or
 * error) is the answer.
 */
export function checkResponse<T extends z.ZodType>(schema: T, result: unknown): z.ZodSafeParseResult<z.output<T>> {
  const check = compiled(schema);
  if (check?.(result)) return { success: true, data: result as z.output<T> };
  return schema.safeParse(result);
}
