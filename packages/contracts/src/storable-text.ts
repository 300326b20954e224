/**
 * Characters PostgreSQL cannot store: NUL (refused in text and jsonb) and UTF-16 halves without their partner
 * (not valid Unicode; jsonb refuses their escapes and text would silently turn them into U+FFFD).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point of this pattern.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Nesting deeper than this is refused: no request of ours needs it, and jsonb and recursion both have limits. */
export const MAX_REQUEST_DEPTH = 32;

/** True when PostgreSQL can store the text as sent. */
export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** One problem found in a request body: the field's dotted path and what is wrong with it. */
export type TUnstorableField = { path: string; reason: 'character' | 'depth' };

/**
 * Walks a parsed JSON body (iteratively, so a hostile depth cannot overflow the stack) and lists every string value
 * or object key PostgreSQL cannot store, and every value nested deeper than MAX_REQUEST_DEPTH. The server checks
 * every route's body with it before the route's own schema, so one rule covers every text field, including the
 * free-form JSON of product models and routes added later.
 */
export function findUnstorableText(body: unknown, limit = 20): TUnstorableField[] {
  const found: TUnstorableField[] = [];
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: body, path: [] }];
  while (stack.length > 0 && found.length < limit) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push({ path: path.join('.') || '(body)', reason: 'character' });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_REQUEST_DEPTH) {
      found.push({ path: path.join('.'), reason: 'depth' });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, isStorableText(key) ? key : JSON.stringify(key)];
      if (!isStorableText(key)) found.push({ path: childPath.join('.'), reason: 'character' });
      else stack.push({ value: child, path: childPath });
    }
  }
  return found;
}
