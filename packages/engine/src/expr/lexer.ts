import type { Span } from './ast';
import { ExpressionSyntaxError, expressionError } from './errors';

/** Reserved words; an option with one of these ids must be written in backticks. */
export const KEYWORDS = ['implies', 'or', 'and', 'not', 'in', 'if', 'then', 'else', 'true', 'false', 'null'] as const;

/** A reserved word of the language. */
export type Keyword = (typeof KEYWORDS)[number];

/** Punctuation and symbolic operators. */
export type Punctuator =
  | '('
  | ')'
  | '['
  | ']'
  | ','
  | '='
  | '!='
  | '<'
  | '<='
  | '>'
  | '>='
  | '&'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%';

/** One lexical token with its source span. */
export type Token =
  | { readonly type: 'number'; readonly value: number; readonly span: Span }
  | { readonly type: 'string'; readonly value: string; readonly span: Span }
  | { readonly type: 'identifier'; readonly value: string; readonly span: Span }
  | { readonly type: 'param'; readonly value: string; readonly span: Span }
  | { readonly type: 'keyword'; readonly value: Keyword; readonly span: Span }
  | { readonly type: 'punctuator'; readonly value: Punctuator; readonly span: Span }
  | { readonly type: 'eof'; readonly span: Span };

const KEYWORD_SET: ReadonlySet<string> = new Set(KEYWORDS);
const PUNCTUATORS: readonly Punctuator[] = [
  '!=',
  '<=',
  '>=',
  '(',
  ')',
  '[',
  ']',
  ',',
  '=',
  '<',
  '>',
  '&',
  '+',
  '-',
  '*',
  '/',
  '%',
];
const MISTAKES: Readonly<Record<string, string>> = {
  '==': "use '=' to compare",
  '<>': "use '!=' for inequality",
  '&&': "use 'and'",
  '||': "use 'or'",
  '!': "use 'not'",
};
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
};
const NUMBER = /[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const SPACE = /\s+/y;

/** True when `text` can be written as a bare identifier (no backticks needed). */
export function isBareIdentifier(text: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) && !KEYWORD_SET.has(text);
}

/** Splits `source` into tokens, ending with an `eof` token; throws {@link ExpressionSyntaxError} on bad input. */
export function tokenize(source: string, path?: string): Token[] {
  const fail = (start: number, end: number, message: string): never => {
    throw new ExpressionSyntaxError(expressionError(source, { start, end }, 'syntax', message, path));
  };
  const match = (pattern: RegExp, at: number): string | undefined => {
    pattern.lastIndex = at;
    return pattern.exec(source)?.[0];
  };
  const tokens: Token[] = [];
  let pos = 0;
  while (true) {
    pos += match(SPACE, pos)?.length ?? 0;
    if (pos >= source.length) break;
    const start = pos;
    const char = source[pos] as string;
    const number = match(NUMBER, pos);
    const word = match(WORD, pos);
    if (number !== undefined) {
      pos += number.length;
      if (/[A-Za-z_]/.test(source[pos] ?? '')) fail(start, pos + 1, `invalid number '${source.slice(start, pos + 1)}'`);
      tokens.push({ type: 'number', value: Number(number), span: { start, end: pos } });
    } else if (word !== undefined) {
      pos += word.length;
      const span = { start, end: pos };
      tokens.push(
        KEYWORD_SET.has(word)
          ? { type: 'keyword', value: word as Keyword, span }
          : { type: 'identifier', value: word, span },
      );
    } else if (char === "'" || char === '"') {
      const { value, end } = readString(source, pos, fail);
      pos = end;
      tokens.push({ type: 'string', value, span: { start, end } });
    } else if (char === '`') {
      const { value, end } = readQuotedName(source, pos, fail);
      pos = end;
      tokens.push({ type: 'identifier', value, span: { start, end } });
    } else if (char === '$') {
      const bare = match(WORD, pos + 1);
      const quoted = bare === undefined && source[pos + 1] === '`' ? readQuotedName(source, pos + 1, fail) : undefined;
      const value = bare ?? quoted?.value ?? fail(start, start + 1, "expected a parameter name after '$'");
      pos = quoted?.end ?? pos + 1 + value.length;
      tokens.push({ type: 'param', value, span: { start, end: pos } });
    } else {
      const mistake = Object.keys(MISTAKES).find(
        (text) => source.startsWith(text, pos) && !source.startsWith('!=', pos),
      );
      if (mistake !== undefined) fail(start, start + mistake.length, `unexpected '${mistake}': ${MISTAKES[mistake]}`);
      const punctuator = PUNCTUATORS.find((text) => source.startsWith(text, pos));
      if (punctuator === undefined) fail(start, start + 1, `unexpected character '${char}'`);
      pos += (punctuator as Punctuator).length;
      tokens.push({ type: 'punctuator', value: punctuator as Punctuator, span: { start, end: pos } });
    }
  }
  tokens.push({ type: 'eof', span: { start: source.length, end: source.length } });
  return tokens;
}

type Fail = (start: number, end: number, message: string) => never;

function readString(source: string, open: number, fail: Fail): { value: string; end: number } {
  const quote = source[open];
  let value = '';
  let pos = open + 1;
  while (pos < source.length && source[pos] !== quote) {
    const char = source[pos] as string;
    if (char === '\n') break;
    if (char !== '\\') {
      value += char;
      pos++;
      continue;
    }
    const next = source[pos + 1] ?? '';
    const hex = next === 'u' ? source.slice(pos + 2, pos + 6) : '';
    if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(hex)) {
      value += String.fromCharCode(Number.parseInt(hex, 16));
      pos += 6;
    } else if (ESCAPES[next] !== undefined) {
      value += ESCAPES[next];
      pos += 2;
    } else {
      fail(pos, pos + 2, `unknown escape '\\${next}' in string`);
    }
  }
  if (source[pos] !== quote) fail(open, pos, 'unterminated string');
  return { value, end: pos + 1 };
}

function readQuotedName(source: string, open: number, fail: Fail): { value: string; end: number } {
  const close = source.indexOf('`', open + 1);
  const newline = source.indexOf('\n', open + 1);
  if (close === -1 || (newline !== -1 && newline < close)) fail(open, open + 1, 'unterminated backtick name');
  if (close === open + 1) fail(open, close + 1, 'empty backtick name');
  return { value: source.slice(open + 1, close), end: close + 1 };
}
