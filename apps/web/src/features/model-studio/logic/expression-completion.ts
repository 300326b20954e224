import { BUILTINS, isBareIdentifier, symbolTableOf, type Token } from '@cpq/engine';
import { tokensOf } from './expression-tokens';
import type { TModel } from './model-edits';

/** One proposal of the completion list: what it shows, what it writes and what kind of name it is. */
export type TCompletion = {
  readonly label: string;
  readonly insert: string;
  readonly kind: 'option' | 'value' | 'param' | 'function';
  readonly detail: string;
};

/** The proposals for the caret's place, and the stretch of text (`from`..`to`) an accepted one replaces. */
export type TCompletions = { readonly from: number; readonly to: number; readonly items: readonly TCompletion[] };

const MAX_ITEMS = 50;
const nameOf = (id: string) => (isBareIdentifier(id) ? id : `\`${id}\``);
const quoted = (value: string, quote: string) => value.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`);
const isPunctuator = (token: Token | undefined, ...values: string[]) =>
  token?.type === 'punctuator' && values.includes(token.value);

/** The option whose value is being written after the tokens: `option =`, `option !=` or `option in ('a', `. */
function comparedOption(tokens: readonly Token[]): string | undefined {
  let at = tokens.length - 1;
  if (isPunctuator(tokens[at], '=', '!=')) {
    const option = tokens[at - 1];
    return option?.type === 'identifier' ? option.value : undefined;
  }
  while (at >= 0 && !isPunctuator(tokens[at], '(')) {
    const token = tokens[at];
    if (!(token?.type === 'string' || token?.type === 'number' || isPunctuator(token, ','))) return undefined;
    at--;
  }
  const keyword = tokens[at - 1];
  if (at < 0 || keyword?.type !== 'keyword' || keyword.value !== 'in') return undefined;
  const before = tokens[at - 2];
  const option = before?.type === 'keyword' && before.value === 'not' ? tokens[at - 3] : before;
  return option?.type === 'identifier' ? option.value : undefined;
}

function valueItems(model: TModel, optionId: string | undefined, prefix: string, quote: string | null) {
  const option = model.options.find((entry) => entry.id === optionId);
  return (option?.values ?? [])
    .filter((value) => value.value.toLowerCase().startsWith(prefix.toLowerCase()))
    .map((value) => ({
      label: value.value,
      insert: quote === null ? `'${quoted(value.value, "'")}'` : `${quoted(value.value, quote)}${quote}`,
      kind: 'value' as const,
      detail: value.caption ?? option?.caption ?? '',
    }));
}

function nameItems(model: TModel, prefix: string): TCompletion[] {
  const wanted = prefix.toLowerCase();
  const options = model.options
    .filter((option) => option.id.toLowerCase().startsWith(wanted))
    .map((option) => ({
      label: option.id,
      insert: nameOf(option.id),
      kind: 'option' as const,
      detail: option.caption,
    }));
  const functions = Object.entries(BUILTINS)
    .filter(([name]) => name.toLowerCase().startsWith(wanted))
    .map(([name, builtin]) => ({
      label: name,
      insert: `${name}(`,
      kind: 'function' as const,
      detail: builtin.maxArgs === 0 ? 'function' : 'function(…)',
    }));
  return [...options, ...functions];
}

/**
 * What can be written at `caret` in `source`: the model's option names and functions where a name is being typed,
 * the values of the option compared against inside quotes (or right after `=`), and parameters after `$`. Null
 * when nothing fits or a word is not begun, unless `isExplicit` (the author asked with Ctrl+Space).
 */
export function completionsAt(model: TModel, source: string, caret: number, isExplicit = false): TCompletions | null {
  const before = source.slice(0, caret);
  const { tokens, brokenAt } = tokensOf(before);
  // A name is replaced whole, also the part of it after the caret.
  const wordEnd = caret + (/^[A-Za-z0-9_]*/.exec(source.slice(caret))?.[0].length ?? 0);
  const finish = (from: number, items: TCompletion[], to = wordEnd): TCompletions | null => {
    const typed = source.slice(from, to);
    const useful = items.filter((item) => item.insert !== typed).slice(0, MAX_ITEMS);
    return useful.length === 0 ? null : { from, to, items: useful };
  };

  const quote = brokenAt === null ? undefined : before[brokenAt];
  if (brokenAt !== null && (quote === "'" || quote === '"')) {
    const prefix = before.slice(brokenAt + 1);
    const items = valueItems(model, comparedOption(tokensOf(before.slice(0, brokenAt)).tokens), prefix, quote);
    // Accepting a value closes the string: an existing closing quote right after the caret is replaced.
    return finish(brokenAt + 1, items, source[caret] === quote ? caret + 1 : caret);
  }
  if (brokenAt !== null && brokenAt < before.length - 1) return null;

  const param = /\$([A-Za-z0-9_]*)$/.exec(before);
  if (param) {
    const params = Object.keys(symbolTableOf(model).params ?? {});
    const wanted = (param[1] ?? '').toLowerCase();
    const items = params
      .filter((name) => name.toLowerCase().startsWith(wanted))
      .map((name) => ({ label: `$${name}`, insert: `$${nameOf(name)}`, kind: 'param' as const, detail: 'parameter' }));
    return finish(caret - param[0].length, items);
  }

  const word = /[A-Za-z_][A-Za-z0-9_]*$/.exec(before)?.[0] ?? '';
  const last = tokens[tokens.length - 1];
  const previous = word === '' ? tokens : tokens.slice(0, -1);
  if (/[0-9.]$/.test(before.slice(0, caret - word.length)) && word !== '') return null;
  const compared = comparedOption(previous);
  if (compared !== undefined && (word !== '' || isExplicit || last?.type === 'punctuator')) {
    const values = valueItems(model, compared, word, null);
    if (values.length > 0) return finish(caret - word.length, values);
  }
  if (word === '' && !isExplicit) return null;
  return finish(caret - word.length, nameItems(model, word));
}
