import { BUILTINS, type ExpressionError, ExpressionSyntaxError, type Token, tokenize } from '@cpq/engine';

/** How a stretch of expression text is coloured. */
export type THighlightKind = 'keyword' | 'string' | 'number' | 'param' | 'option' | 'function' | 'operator' | 'plain';

/** A run of text with one colour, underlined when an error of the engine covers it. */
export type THighlightPiece = { readonly text: string; readonly kind: THighlightKind; readonly isError: boolean };

/**
 * The engine's tokens for as much of `source` as its lexer accepts; `brokenAt` is where the lexer gave up (an
 * unterminated string, a stray character), so that text after it is shown plain instead of not at all.
 */
export function tokensOf(source: string): { tokens: Token[]; brokenAt: number | null } {
  let cut = source.length;
  while (true) {
    try {
      const tokens = tokenize(source.slice(0, cut)).filter((token) => token.type !== 'eof');
      return { tokens, brokenAt: cut === source.length ? null : cut };
    } catch (error) {
      if (!(error instanceof ExpressionSyntaxError)) throw error;
      // The lexer reads left to right, so everything before the failing token lexes on its own.
      cut = error.error.start < cut ? error.error.start : cut - 1;
    }
  }
}

function kindOf(token: Token, next: Token | undefined): THighlightKind {
  switch (token.type) {
    case 'identifier':
      return next?.type === 'punctuator' && next.value === '(' && token.value in BUILTINS ? 'function' : 'option';
    case 'punctuator':
      return 'operator';
    case 'eof':
      return 'plain';
    default:
      return token.type;
  }
}

/**
 * `source` cut into coloured pieces by the engine's lexer, with the spans of `errors` marked; an error at the very
 * end (a missing operand) marks one trailing space so that the place still shows.
 */
export function highlightPieces(source: string, errors: readonly ExpressionError[]): THighlightPiece[] {
  const { tokens, brokenAt } = tokensOf(source);
  const kinds: THighlightKind[] = new Array(source.length).fill('plain');
  tokens.forEach((token, index) => {
    const kind = kindOf(token, tokens[index + 1]);
    for (let i = token.span.start; i < token.span.end; i++) kinds[i] = kind;
  });
  // A string still being typed keeps the string colour up to the end of its line.
  if (brokenAt !== null && (source[brokenAt] === "'" || source[brokenAt] === '"')) {
    for (let i = brokenAt; i < source.length && source[i] !== '\n'; i++) kinds[i] = 'string';
  }
  const marked: boolean[] = new Array(source.length + 1).fill(false);
  for (const error of errors) {
    const end = Math.min(source.length + 1, Math.max(error.end, error.start + 1));
    for (let i = Math.max(0, error.start); i < end; i++) marked[i] = true;
  }
  const pieces: THighlightPiece[] = [];
  for (let i = 0; i < source.length; i++) {
    const kind = kinds[i] as THighlightKind;
    const isError = marked[i] as boolean;
    const last = pieces[pieces.length - 1];
    if (last && last.kind === kind && last.isError === isError) {
      pieces[pieces.length - 1] = { ...last, text: last.text + source[i] };
    } else {
      pieces.push({ text: source[i] as string, kind, isError });
    }
  }
  if (marked[source.length]) pieces.push({ text: ' ', kind: 'plain', isError: true });
  return pieces;
}
