import { isSharedOptionState } from '@cpq/engine';

/**
 * JSON text of the configurator state's shared parts, remembered. The engine shares an option's state between
 * states: it is the same frozen object (all below it frozen too) in every step and session that shows the option
 * the same way, so its text can never change and is written once and kept (weakly: it goes with the object). A
 * Megane step answers 57 KB of JSON over 99 options, nearly all of them unchanged by the step.
 *
 * Only those objects are remembered: remembering the per-step parts too (pages, screens) kept a page's text for
 * every step until the next full collection (heap 235 MB against 98 MB on a loop of Megane steps) and saved
 * nothing, as no later step asks for them.
 */
const texts = new WeakMap<object, string>();

/**
 * Whether `value` is a plain object or array without a toJSON of its own (anything else, a Date say, goes to
 * JSON.stringify).
 */
const isPlain = (value: object): boolean => {
  const prototype = Object.getPrototypeOf(value);
  const isPlainKind = prototype === Object.prototype || prototype === Array.prototype || prototype === null;
  return isPlainKind && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
};

/**
 * The text of a plain object or array, its parts written by {@link partText}: the same text as JSON.stringify's
 * (own enumerable keys in their order; `undefined`, functions and symbols left out of objects and written `null` in
 * arrays). Joined, not concatenated: a text built with `+` is a rope of its pieces, which every answer holding it
 * walked again (a remembered Megane state written that way took 0.40 ms against JSON.stringify's 0.15).
 */
function containerText(value: object): string {
  const parts: string[] = [];
  if (Array.isArray(value)) {
    for (const item of value) parts.push(partText(item) ?? 'null');
    return `[${parts.join(',')}]`;
  }
  for (const key of Object.keys(value)) {
    const text = partText((value as Record<string, unknown>)[key]);
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/**
 * The text of a value below the top: a frozen plain object or array is written part by part (so that the shared
 * option states inside it are found), and remembered when it is a shared option state; any other value goes to
 * JSON.stringify whole.
 */
function partText(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !Object.isFrozen(value) || !isPlain(value)) {
    return JSON.stringify(value);
  }
  const known = texts.get(value);
  if (known !== undefined) return known;
  const text = containerText(value);
  if (isSharedOptionState(value)) texts.set(value, text);
  return text;
}

/**
 * `JSON.stringify(value)`, the same text, with the text of the engine's shared option states remembered (see
 * above). A plain object or array is written one level down, so that a result holding a frozen state beside other
 * fields (a configure step's changes) reaches it; below that level only frozen objects are walked, so a value
 * holding none costs about what JSON.stringify costs.
 */
export function stringifyShared(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && isPlain(value)) return containerText(value);
  return JSON.stringify(value);
}
