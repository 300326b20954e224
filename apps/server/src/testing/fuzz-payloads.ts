import { z } from 'zod';

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same payloads on every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}
export type TRandom = ReturnType<typeof seededRandom>;

type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  items?: TSchema | false;
  prefixItems?: TSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: TSchema[];
  oneOf?: TSchema[];
  allOf?: TSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
};

/**
 * Numbers at the edges a request number meets: zero and sign, PostgreSQL's 32-bit integer (PG_INT_MAX and one past
 * it), the last safe integer and the first unsafe one, the largest double, negative zero and a fraction.
 */
export const BOUNDARY_NUMBERS = [
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53 - 1,
  Number.MAX_SAFE_INTEGER + 1,
  1e308,
  -0,
  1.5,
] as const;

/** Stands for a negative zero in a body (JSON.stringify writes -0 as 0) until toJson writes it as `-0`. */
const NEGATIVE_ZERO = '\u0000negative zero\u0000';
const boundaryNumber = (random: TRandom): number | string => {
  const value = random.pick(BOUNDARY_NUMBERS);
  return Object.is(value, -0) ? NEGATIVE_ZERO : value;
};
/** The JSON text of a body, with any negative zero in it written as `-0`. */
const toJson = (value: unknown): string => JSON.stringify(value).replaceAll(JSON.stringify(NEGATIVE_ZERO), '-0');

const SAMPLE_TEXT = ['Acme', 'a@example.com', 'Strong#Pass1', '1 Main St', 'TX', '78701', 'default', 'ASC', '1', '0'];

/** A value that (mostly) fits a JSON Schema: the starting point that mutations then break. */
function sample(schema: TSchema, random: TRandom, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return sample(random.pick(choices), random, depth);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], random, depth);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.chance(0.5)) result[key] = sample(child, random, depth + 1);
      }
      return result;
    }
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map((child) => sample(child, random, depth + 1));
      const count = depth > 3 ? 0 : random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return Array.from({ length: count }, () => (schema.items ? sample(schema.items, random, depth + 1) : null));
    }
    case 'string':
      if (schema.format === 'email') return `fuzz${random.int(0, 999)}@example.com`;
      if (schema.format === 'uuid') return crypto.randomUUID();
      return random.pick(SAMPLE_TEXT).slice(0, schema.maxLength ?? 200);
    case 'integer':
    case 'number':
      if (random.chance(0.25)) return boundaryNumber(random);
      return random.int(Math.max(schema.minimum ?? 0, -1000), Math.min(schema.maximum ?? 1000, 1000));
    case 'boolean':
      return random.chance(0.5);
    case 'null':
      return null;
    default:
      return random.pick(SAMPLE_TEXT);
  }
}

/**
 * A body with the required properties of a schema and every one holding an integer (the first non-null choice of a
 * union, one item of each list) and the paths of its integer fields: the starting point for sending one field's boundary values at a
 * time. A property named `username`, `email` or `*Email` gets an address, so the rest of the body stays valid.
 */
export function fullSample(request: z.ZodType): { body: unknown; integerPaths: (string | number)[][] } {
  const root = z.toJSONSchema(request, { io: 'input', unrepresentable: 'any' }) as TSchema;
  const integerPaths: (string | number)[][] = [];
  const random = seededRandom(1);
  const walk = (schema: TSchema, path: (string | number)[], key: string): unknown => {
    const choices = (schema.anyOf ?? schema.oneOf)?.filter((choice) => choice.type !== 'null');
    if (choices?.[0]) return walk(choices[0], path, key);
    if (schema.allOf?.[0]) return walk(schema.allOf[0], path, key);
    if (schema.const !== undefined || schema.enum) return sample(schema, random);
    const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
    if (type === 'object') {
      // Optional properties only where they hold an integer, so the rest of the body stays as valid as it can.
      const entries = Object.entries(schema.properties ?? {}).filter(
        ([name, child]) => schema.required?.includes(name) || JSON.stringify(child).includes('"integer"'),
      );
      return Object.fromEntries(entries.map(([name, child]) => [name, walk(child, [...path, name], name)]));
    }
    if (type === 'array') {
      if (schema.prefixItems) return schema.prefixItems.map((child, i) => walk(child, [...path, i], key));
      return schema.items ? [walk(schema.items, [...path, 0], key)] : [];
    }
    if (type === 'integer') {
      integerPaths.push(path);
      return Math.max(schema.minimum ?? 1, 1);
    }
    if (type === 'string' && /^(username|email|.*Email)$/.test(key) && !schema.format) return 'fuzz@example.com';
    return sample(schema, random);
  };
  return { body: walk(root, [], ''), integerPaths };
}

/** Strings PostgreSQL cannot store, control characters and oddities that have broken parsers before. */
const NASTY_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  "'; drop table users; --",
  '%00%0d%0a',
  '../../etc/passwd',
  '{{7*7}}<%= 7*7 %>',
  '',
  ' ',
];

/** Every (path, value) in a value, for choosing where to mutate. */
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) found.push(...paths(item, [...prefix, i]));
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) found.push(...paths(child, [...prefix, key]));
  }
  return found;
}

export function setAt(root: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(root) ? [...root] : { ...(root as object) }) as Record<string | number, unknown>;
  copy[head] = setAt(copy[head], rest, next);
  return copy;
}

function deleteAt(root: unknown, path: (string | number)[]): unknown {
  if (path.length === 0) return root;
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1] as string | number;
  let parent: unknown = root;
  for (const step of parentPath) parent = (parent as Record<string | number, unknown>)[step];
  if (!parent || typeof parent !== 'object') return root;
  const copy = (Array.isArray(parent) ? [...parent] : { ...parent }) as Record<string | number, unknown>;
  delete copy[key];
  return setAt(root, parentPath, copy);
}

const deep = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
};

/** Mutations of a valid body, each answering the raw JSON text to send (prototype keys need raw text). */
const MUTATIONS: ((body: unknown, random: TRandom) => string)[] = [
  (body, random) => toJson(setAt(body, random.pick(paths(body)), random.pick([42, true, null, [], {}, 'x']))),
  (body, random) => toJson(deleteAt(body, random.pick(paths(body).filter((path) => path.length > 0)) ?? [])),
  (body, random) => toJson(setAt(body, [...random.pick(paths(body)), 'unexpected'], 1)),
  (body, random) => toJson(setAt(body, random.pick(paths(body)), 'x'.repeat(random.int(10_000, 300_000)))),
  (body, random) => toJson(setAt(body, random.pick(paths(body)), random.pick(NASTY_TEXT))),
  (body, random) => toJson(setAt(body, random.pick(paths(body)), deep(random.int(40, 3000)))),
  (body, random) => toJson(setAt(body, random.pick(paths(body)), boundaryNumber(random))),
  (body) => toJson(body).replace(/^\{/, '{"__proto__":{"isAdmin":true},'),
  (body) => toJson(body).replace(/^\{/, '{"constructor":{"prototype":{"polluted":1}},'),
  (_body, random) => random.pick(['', 'null', '[]', '"text"', '12', '{', '{"a":', '\u0000', '{"a":1}{"b":2}']),
  (body, random) => toJson(body).replace(/"[^"]*"/, `"${random.pick(NASTY_TEXT).replace(/"/g, '')}"`),
  (body) => toJson(Array.from({ length: 5000 }, () => body)),
];

/** `count` request bodies for a route: about one in five valid by its schema, the rest mutated. Raw JSON text. */
export function fuzzBodies(request: z.ZodType, count: number, random: TRandom): string[] {
  const schema = z.toJSONSchema(request, { io: 'input', unrepresentable: 'any' }) as TSchema;
  return Array.from({ length: count }, () => {
    const body = sample(schema, random);
    return random.chance(0.2) ? toJson(body) : random.pick(MUTATIONS)(body, random);
  });
}
