import type { ExpressionError } from '@cpq/engine';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { completionsAt, type TCompletions } from '../logic/expression-completion';
import { highlightPieces, type THighlightKind } from '../logic/expression-tokens';
import type { TModel } from '../logic/model-edits';

/** What the expression field gives its input besides the textarea's own attributes. */
export type TExpressionInputProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> & {
  ref?: Ref<HTMLTextAreaElement>;
  value?: string;
  model: TModel;
  /** The engine's errors for the text shown, underlined where they are. */
  errors: readonly ExpressionError[];
  /** Replaces the whole text (an accepted completion). */
  onText: (text: string) => void;
  ownerState?: unknown;
};

// Light colours keep 4.5:1 contrast also on the completion list's selected row (axe checks it).
const COLORS: Record<THighlightKind, (theme: Theme) => string> = {
  keyword: (theme) => (theme.palette.mode === 'dark' ? '#c792ea' : '#6a1b9a'),
  string: (theme) => (theme.palette.mode === 'dark' ? '#a5d6a7' : '#1b5e20'),
  number: (theme) => (theme.palette.mode === 'dark' ? '#ffcc80' : '#8a3c00'),
  param: (theme) => (theme.palette.mode === 'dark' ? '#80deea' : '#00594f'),
  option: (theme) => theme.palette.text.primary,
  function: (theme) => (theme.palette.mode === 'dark' ? '#90caf9' : '#0d47a1'),
  operator: (theme) => theme.palette.text.secondary,
  plain: (theme) => theme.palette.text.primary,
};

// Both layers must lay text out alike, so that the highlighted one shows exactly under the typed one.
const SAME_TEXT = {
  font: 'inherit',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.875rem',
  lineHeight: 1.5,
  letterSpacing: 'normal',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  wordBreak: 'normal',
  tabSize: 4,
  padding: 0,
  margin: 0,
  border: 0,
} as const;

/**
 * The text area of the expression field: a transparent textarea over a layer coloured by the engine's lexer, with
 * the errors' spans underlined and a completion list at the caret (the ARIA combobox pattern: arrows move, Enter
 * or Tab accepts, Escape closes, Ctrl+Space opens).
 */
export function ExpressionInput(props: TExpressionInputProps) {
  const { ref, value = '', model, errors, onText, ownerState: _ownerState, className, ...textarea } = props;
  const listId = useId();
  const area = useRef<HTMLTextAreaElement | null>(null);
  const layer = useRef<HTMLPreElement | null>(null);
  const caretMark = useRef<HTMLSpanElement | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [isExplicit, setIsExplicit] = useState(false);
  const [isDismissed, setIsDismissed] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState({ top: 0, left: 0 });
  const pendingCaret = useRef<number | null>(null);

  const pieces = useMemo(() => highlightPieces(value, errors), [value, errors]);
  const completions: TCompletions | null = useMemo(
    () => (caret === null || isDismissed ? null : completionsAt(model, value, caret, isExplicit)),
    [model, value, caret, isExplicit, isDismissed],
  );
  const isOpen = completions !== null;
  const activeIndex = completions ? Math.min(active, completions.items.length - 1) : 0;

  // Runs after each text or caret change: places the caret after an accepted completion and the list under it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the marks are read from the DOM these values lay out
  useLayoutEffect(() => {
    const element = area.current;
    if (pendingCaret.current !== null && element) {
      element.setSelectionRange(pendingCaret.current, pendingCaret.current);
      setCaret(pendingCaret.current);
      pendingCaret.current = null;
    }
    const mark = caretMark.current;
    if (mark) setPlace({ top: mark.offsetTop + mark.offsetHeight, left: mark.offsetLeft });
  }, [value, caret]);

  // The list opens as the author types; moving the caret by mouse or arrow keys closes it.
  const typedCaret = useRef<number | null>(null);
  const follow = (element: HTMLTextAreaElement) => {
    setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);
  };
  const handleSelect = (element: HTMLTextAreaElement) => {
    if (element.selectionStart !== typedCaret.current || element.selectionEnd !== typedCaret.current) {
      setIsDismissed(true);
      setIsExplicit(false);
    }
    follow(element);
  };
  const accept = (index: number) => {
    const item = completions?.items[index];
    if (!completions || !item) return;
    const next = value.slice(0, completions.from) + item.insert + value.slice(completions.to);
    pendingCaret.current = completions.from + item.insert.length;
    typedCaret.current = pendingCaret.current;
    setIsExplicit(false);
    setActive(0);
    onText(next);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === ' ' && event.ctrlKey) {
      event.preventDefault();
      setIsDismissed(false);
      setIsExplicit(true);
      typedCaret.current = event.currentTarget.selectionStart;
      follow(event.currentTarget);
      return;
    }
    if (isOpen && completions) {
      const count = completions.items.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        accept(activeIndex);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setIsDismissed(true);
        return;
      }
    }
    textarea.onKeyDown?.(event);
  };
  const handleChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setIsDismissed(false);
    setActive(0);
    if (event.target.value.length < value.length) setIsExplicit(false);
    typedCaret.current = event.target.selectionStart;
    follow(event.target);
    textarea.onChange?.(event);
  };
  const setRefs = (element: HTMLTextAreaElement | null) => {
    area.current = element;
    if (typeof ref === 'function') ref(element);
    else if (ref) ref.current = element;
  };

  const caretAt = caret ?? value.length;
  let written = 0;
  return (
    <Box className={className} sx={{ position: 'relative', width: '100%' }}>
      <Box
        component="pre"
        ref={layer}
        aria-hidden
        data-testid="expression-highlight"
        sx={{ ...SAME_TEXT, minHeight: '1.5em', color: 'text.primary', overflow: 'hidden', pointerEvents: 'none' }}
      >
        {pieces.map((piece) => {
          const start = written;
          written += piece.text.length;
          const mark = caretAt >= start && caretAt < written ? caretAt - start : -1;
          const style = (theme: Theme) => ({
            color: COLORS[piece.kind](theme),
            fontWeight: piece.kind === 'keyword' ? 600 : 'inherit',
            ...(piece.isError && {
              textDecoration: 'underline wavy',
              textDecorationColor: theme.palette.error.main,
              textDecorationSkipInk: 'none',
              textUnderlineOffset: '3px',
            }),
          });
          return (
            <Box
              component="span"
              key={`${start}-${piece.kind}`}
              data-kind={piece.kind}
              data-error={piece.isError || undefined}
              sx={style}
            >
              {mark === -1 ? (
                piece.text
              ) : (
                <>
                  {piece.text.slice(0, mark)}
                  <span ref={caretMark} />
                  {piece.text.slice(mark)}
                </>
              )}
            </Box>
          );
        })}
        {caretAt >= written && <span ref={caretMark} />}
        {/* A trailing newline needs a character after it to take up its line. */}
        {'\u200b'}
      </Box>
      <Box
        component="textarea"
        {...textarea}
        ref={setRefs}
        value={value}
        rows={1}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-activedescendant={isOpen ? `${listId}-${activeIndex}` : undefined}
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onSelect={(event) => handleSelect(event.currentTarget)}
        onBlur={(event) => {
          setIsDismissed(true);
          setIsExplicit(false);
          textarea.onBlur?.(event);
        }}
        onFocus={(event) => {
          setIsDismissed(false);
          textarea.onFocus?.(event);
        }}
        onScroll={(event) => {
          if (layer.current) layer.current.scrollTop = event.currentTarget.scrollTop;
        }}
        sx={{
          ...SAME_TEXT,
          position: 'absolute',
          inset: 0,
          width: '100%',
          height: '100%',
          resize: 'none',
          overflow: 'hidden',
          background: 'transparent',
          color: 'transparent',
          caretColor: (theme: Theme) => theme.palette.text.primary,
          outline: 'none',
          '&::selection': { color: 'transparent', backgroundColor: 'action.selected' },
        }}
      />
      {isOpen && completions && (
        <Paper
          component="ul"
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          elevation={8}
          sx={{
            position: 'absolute',
            top: place.top + 4,
            left: `min(${place.left}px, max(0px, 100% - 16rem))`,
            zIndex: (theme: Theme) => theme.zIndex.modal,
            m: 0,
            p: 0.5,
            listStyle: 'none',
            width: '16rem',
            maxWidth: '100%',
            maxHeight: '14rem',
            overflowY: 'auto',
          }}
        >
          {completions.items.map((item, index) => (
            <Box
              component="li"
              key={`${item.kind}-${item.label}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              onMouseDown={(event) => {
                // Keep the focus in the text while the mouse picks.
                event.preventDefault();
                accept(index);
              }}
              onMouseMove={() => setActive(index)}
              sx={{
                display: 'flex',
                gap: 1,
                justifyContent: 'space-between',
                px: 1,
                py: 0.5,
                borderRadius: 1,
                cursor: 'pointer',
                fontFamily: SAME_TEXT.fontFamily,
                fontSize: '0.875rem',
                bgcolor: index === activeIndex ? 'action.selected' : undefined,
              }}
            >
              <Box component="span" sx={{ color: (theme: Theme) => COLORS[KIND_COLOR[item.kind]](theme) }}>
                {item.label}
              </Box>
              <Box
                component="span"
                sx={{ color: 'text.secondary', fontFamily: 'inherit', overflow: 'hidden', textOverflow: 'ellipsis' }}
              >
                {item.detail}
              </Box>
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
}

const KIND_COLOR: Record<'option' | 'value' | 'param' | 'function', THighlightKind> = {
  option: 'option',
  value: 'string',
  param: 'param',
  function: 'function',
};
