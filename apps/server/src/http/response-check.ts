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
  /** A format schema's rule (`z.uuid()`, `z.email()`, `z.int()`): not among its checks. */
  format?: string;
  /** A union's members. */
  options?: readonly z.ZodType[];
};

const defOf = (schema: z.ZodType): TDef => (schema as unknown as { _zod: { def: TDef } })._zod.def;

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

/**
 * The check of a schema is generated as one function, as zod builds its own parsers: on a Megane answer it takes
 * 0.008 ms against 0.022 ms for zod's parse (and 0.055 ms for a walk through one closure per schema node, tried
 * first). The code is built from our own schemas only (keys are JSON-quoted). `refs` holds what the code
 * reads besides the value (sets of allowed values, zod's own checks of leaves); `names` numbers its locals; `path`
 * holds the schemas being generated, outer first.
 */
type TCodegen = { refs: unknown[]; names: number; path: Set<z.ZodType> };

const ref = (gen: TCodegen, value: unknown): string => `refs[${gen.refs.push(value) - 1}]`;
const local = (gen: TCodegen): string => {
  gen.names += 1;
  return `v${gen.names}`;
};

/** A leaf zod checks: `v` fits if zod accepts it and answers it unchanged. */
const byZodCode = (gen: TCodegen, schema: z.ZodType, v: string): string =>
  `if (!${ref(gen, byZod(schema))}(${v})) return false;`;

/** Numbers: finite, with the usual checks (whole, bounds) in the code and any other left to zod. */
function numberCode(gen: TCodegen, schema: z.ZodType, def: TDef, v: string): string {
  const conditions = [`typeof ${v} !== 'number'`, `!Number.isFinite(${v})`];
  if (def.format === 'safeint') conditions.push(`!Number.isSafeInteger(${v})`);
  else if (def.format !== undefined) return byZodCode(gen, schema, v);
  const checks = def.checks ?? [];
  for (const check of checks) {
    const { check: kind, format, value = 0, inclusive = true } = (check as { _zod: { def: TNumberCheck } })._zod.def;
    if (kind === 'number_format' && format === 'safeint') conditions.push(`!Number.isSafeInteger(${v})`);
    else if (kind === 'greater_than') conditions.push(`${v} ${inclusive ? '<' : '<='} ${Number(value)}`);
    else if (kind === 'less_than') conditions.push(`${v} ${inclusive ? '>' : '>='} ${Number(value)}`);
    else return byZodCode(gen, schema, v);
  }
  return `if (${conditions.join(' || ')}) return false;`;
}

/**
 * Statements that return false unless the value in the local `v` is exactly what `schema` describes, or null when
 * the schema can change what it parses in ways this cannot follow (defaults, transforms, pipes, catch-alls, records,
 * checks on arrays or objects...): then only zod's parse will do.
 */
function emit(gen: TCodegen, schema: z.ZodType, v: string): string | null {
  // A schema that contains itself (a getter in its shape) is left to zod.
  if (gen.path.has(schema)) return null;
  gen.path.add(schema);
  const code = emitNode(gen, schema, v);
  gen.path.delete(schema);
  return code;
}

/** {@link emit} for one schema node that is not one of its own ancestors. */
function emitNode(gen: TCodegen, schema: z.ZodType, v: string): string | null {
  const def = defOf(schema);
  const hasChecks = (def.checks?.length ?? 0) > 0;
  switch (def.type) {
    case 'string':
      // A format (uuid, email, url...) or a check (length, pattern) is zod's to test.
      return hasChecks || def.format !== undefined
        ? byZodCode(gen, schema, v)
        : `if (typeof ${v} !== 'string') return false;`;
    case 'number':
      return numberCode(gen, schema, def, v);
    case 'boolean':
      return `if (typeof ${v} !== 'boolean') return false;`;
    case 'null':
      return `if (${v} !== null) return false;`;
    case 'enum':
      return `if (!${ref(gen, new Set(Object.values(def.entries ?? {})))}.has(${v})) return false;`;
    case 'literal':
      return `if (!${ref(gen, new Set(def.values ?? []))}.has(${v})) return false;`;
    case 'unknown':
    case 'any':
      return '';
    case 'union':
      return unionCode(gen, schema, def, v);
    case 'nullable':
    case 'optional': {
      const inner = def.innerType ? emit(gen, def.innerType, v) : null;
      if (inner === null) return null;
      return `if (${v} !== ${def.type === 'nullable' ? 'null' : 'undefined'}) { ${inner} }`;
    }
    case 'array': {
      if (!def.element || hasChecks) return null;
      const index = local(gen);
      const item = local(gen);
      const element = emit(gen, def.element, item);
      if (element === null) return null;
      return `if (!Array.isArray(${v})) return false;
        for (let ${index} = 0; ${index} < ${v}.length; ${index} += 1) { const ${item} = ${v}[${index}]; ${element} }`;
    }
    case 'object': {
      if (def.catchall || hasChecks || !def.shape) return null;
      const keys = Object.keys(def.shape);
      const key = local(gen);
      const ownKeys = local(gen);
      const defined = local(gen);
      // Only a plain object is written by JSON.stringify as zod's copy would be: a class instance's getters and
      // toJSON live on its prototype. A key the shape does not name would be stripped, so zod has to make the copy:
      // the object's own keys are counted against its shape's fields that hold a value, equal only when it has
      // no other key (and no field set to undefined, which zod's copy may drop: zod decides those).
      const lines = [
        `if (typeof ${v} !== 'object' || ${v} === null) return false;`,
        `{ const p = Object.getPrototypeOf(${v}); if (p !== Object.prototype && p !== null) return false; }`,
        `let ${ownKeys} = 0; for (const ${key} in ${v}) ${ownKeys} += 1;`,
        `let ${defined} = 0;`,
      ];
      for (const name of keys) {
        const field = local(gen);
        const code = emit(gen, def.shape[name] as z.ZodType, field);
        if (code === null) return null;
        lines.push(
          `{ const ${field} = ${v}[${JSON.stringify(name)}]; if (${field} !== undefined) ${defined} += 1; ${code} }`,
        );
      }
      lines.push(`if (${ownKeys} !== ${defined}) return false;`);
      return lines.join('\n');
    }
    default:
      return null;
  }
}

/** A key of an object schema that zod's parse fails without (its schema does not take undefined), or null. */
function requiredKey(schema: z.ZodType): string | null {
  const shape = defOf(schema).shape ?? {};
  return Object.keys(shape).find((key) => !(shape[key] as z.ZodType).safeParse(undefined).success) ?? null;
}

/**
 * A union of objects (configure's answer: the whole state, or the changes from one). Zod answers its first member
 * that parses; a member's own check passing means zod parses that member unchanged, and it is zod's answer when
 * every member before it must fail, which a key the value lacks and the member requires proves. A primitive member,
 * or an earlier member that requires no key, leaves the pick to zod.
 */
function unionCode(gen: TCodegen, schema: z.ZodType, def: TDef, v: string): string {
  const members = def.options ?? [];
  const keys = members.map(requiredKey);
  const memberChecks = members.map((member) => (defOf(member).type === 'object' ? compiled(member) : null));
  if (memberChecks.some((check) => check === null) || keys.slice(0, -1).some((key) => key === null)) {
    return byZodCode(gen, schema, v);
  }
  const branches = memberChecks.map((check, i) => {
    const earlierFail = keys.slice(0, i).map((key) => ` && ${v}[${JSON.stringify(key)}] === undefined`);
    return `(${ref(gen, check)}(${v})${earlierFail.join('')})`;
  });
  return `if (!(${branches.join(' || ')})) return false;`;
}

/** The generated check of a schema, or null when only zod's parse will do. */
function compile(schema: z.ZodType): TExactCheck | null {
  const gen: TCodegen = { refs: [], names: 0, path: new Set() };
  const body = emit(gen, schema, 'v0');
  if (body === null) return null;
  return new Function('refs', `return (v0) => { ${body}\nreturn true; };`)(gen.refs) as TExactCheck;
}

const checks = new WeakMap<z.ZodType, TExactCheck | null>();

function compiled(schema: z.ZodType): TExactCheck | null {
  if (!checks.has(schema)) {
    // Null while it is generated: a union that contains itself is left to zod.
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
