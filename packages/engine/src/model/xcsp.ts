import { EngineError } from './errors';
import type { ProductModel, TableConstraint } from './model';

type Element = { attrs: Map<string, string>; body: string };

const ATTRIBUTE = /([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const parseAttributes = (text: string): Map<string, string> => {
  const attrs = new Map<string, string>();
  for (const match of text.matchAll(ATTRIBUTE)) attrs.set(match[1] ?? '', match[2] ?? match[3] ?? '');
  return attrs;
};

/** Every `<tag ...>body</tag>` or `<tag .../>` element with that tag name, in document order. */
const elements = (xml: string, tag: string): Element[] => {
  const pattern = new RegExp(`<${tag}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${tag}\\s*>)`, 'g');
  return [...xml.matchAll(pattern)].map((match) => ({ attrs: parseAttributes(match[1] ?? ''), body: match[2] ?? '' }));
};

const fail = (message: string): never => {
  throw new EngineError('INVALID_XCSP', message);
};

const required = (element: Element, name: string, tag: string): string =>
  element.attrs.get(name) ?? fail(`<${tag}> without a '${name}' attribute`);

const canonical = (token: string): string => (/^[+-]?\d+$/.test(token) ? String(Number(token)) : token);

const parseDomain = (body: string, name: string): string[] => {
  const values: string[] = [];
  for (const token of body.trim().split(/\s+/)) {
    if (token === '') continue;
    const range = /^([+-]?\d+)\.\.([+-]?\d+)$/.exec(token);
    if (!range) {
      values.push(canonical(token));
      continue;
    }
    const low = Number(range[1]);
    const high = Number(range[2]);
    if (high - low > 1_000_000) fail(`domain '${name}' range ${token} is too large`);
    for (let value = low; value <= high; value += 1) values.push(String(value));
  }
  return values;
};

const isSpace = (code: number): boolean => code === 32 || code === 10 || code === 13 || code === 9;
const isDigit = (code: number): boolean => code >= 48 && code <= 57;

/** Integer tokens map to one shared canonical string each, so a tuple costs one array and no substrings. */
const integerText = (cache: Map<number, string>, value: number): string => {
  let text = cache.get(value);
  if (text === undefined) {
    text = String(value);
    cache.set(value, text);
  }
  return text;
};

/** Relations hold most of an instance's bytes: this hand-rolled scanner is the hot loop of an import. */
const parseTuples = (body: string): string[][] => {
  const cache = new Map<number, string>();
  const tuples: string[][] = [];
  let tuple: string[] = [];
  let i = 0;
  while (i < body.length) {
    const code = body.charCodeAt(i);
    if (code === 124) {
      if (tuple.length > 0) tuples.push(tuple);
      tuple = [];
      i += 1;
      continue;
    }
    if (isSpace(code)) {
      i += 1;
      continue;
    }
    const start = i;
    const sign = code === 45 ? -1 : 1;
    if (code === 45 || code === 43) i += 1;
    let value = 0;
    let isInteger = i < body.length;
    for (; i < body.length; i += 1) {
      const next = body.charCodeAt(i);
      if (isSpace(next) || next === 124) break;
      if (!isDigit(next)) isInteger = false;
      value = value * 10 + next - 48;
    }
    tuple.push(isInteger && i > start ? integerText(cache, sign * value) : body.slice(start, i));
  }
  if (tuple.length > 0) tuples.push(tuple);
  return tuples;
};

type Relation = { semantics: 'allowed' | 'forbidden'; tuples: string[][] };

const parseRelations = (xml: string): Map<string, Relation> => {
  const relations = new Map<string, Relation>();
  for (const element of elements(xml, 'relation')) {
    const name = required(element, 'name', 'relation');
    const semantics = element.attrs.get('semantics');
    if (semantics !== 'supports' && semantics !== 'conflicts') {
      fail(`relation '${name}' has semantics '${semantics}', expected 'supports' or 'conflicts'`);
    }
    const tuples = parseTuples(element.body);
    relations.set(name, { semantics: semantics === 'supports' ? 'allowed' : 'forbidden', tuples });
  }
  return relations;
};

const toTable = (
  element: Element,
  relations: Map<string, Relation>,
  domains: Map<string, string[]>,
): TableConstraint => {
  const id = required(element, 'name', 'constraint');
  const reference = required(element, 'reference', 'constraint');
  const relation = relations.get(reference) ?? fail(`constraint '${id}' references '${reference}', not a relation`);
  const scope = required(element, 'scope', 'constraint').trim().split(/\s+/);
  const scopeDomains = scope.map((name) => new Set(domains.get(name) ?? fail(`constraint '${id}': unknown '${name}'`)));
  // Tuples outside the variables' domains can never match, so they are dropped (keeps the model valid).
  const tuples = relation.tuples.filter((tuple) => {
    if (tuple.length !== scope.length) fail(`constraint '${id}': tuple arity differs from its scope`);
    return tuple.every((value, k) => scopeDomains[k]?.has(value));
  });
  return { kind: 'table', id, options: scope, semantics: relation.semantics, tuples };
};

/**
 * Imports an XCSP 2.1 extensional instance as a product model: one `single` option per variable (id = name,
 * values = the domain as strings), one page and screen with every option, one table constraint per constraint.
 * Intensional constraints (predicates, functions, global constraints) are rejected with an `INVALID_XCSP` error.
 */
export const importXcsp = (xml: string): ProductModel => {
  if (!/<instance\b/.test(xml)) fail('not an XCSP instance: no <instance> element');
  if (/<(predicates|predicate|functions)\b/.test(xml)) {
    fail('intensional constraints (predicates/functions) are not supported; only extensional relations are');
  }
  const domainValues = new Map<string, string[]>();
  for (const element of elements(xml, 'domain')) {
    const name = required(element, 'name', 'domain');
    domainValues.set(name, parseDomain(element.body, name));
  }
  const domains = new Map<string, string[]>();
  const options: ProductModel['options'] = [];
  for (const element of elements(xml, 'variable')) {
    const name = required(element, 'name', 'variable');
    const domainName = required(element, 'domain', 'variable');
    const values = domainValues.get(domainName) ?? fail(`variable '${name}' uses unknown domain '${domainName}'`);
    domains.set(name, values);
    options.push({
      id: name,
      caption: name,
      kind: 'single',
      displayType: 'dropdown',
      values: values.map((value) => ({ value })),
    });
  }
  const relations = parseRelations(xml);
  const constraints = elements(xml, 'constraint').map((element) => toTable(element, relations, domains));
  const presentation = elements(xml, 'presentation')[0];
  const name = presentation?.attrs.get('name') ?? 'XCSP instance';
  return {
    id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-') || 'xcsp-instance',
    name,
    version: 1,
    options,
    pages: [
      {
        id: 'main',
        caption: name,
        screens: [{ id: 'main', caption: name, options: options.map((option) => option.id) }],
      },
    ],
    constraints,
  };
};
