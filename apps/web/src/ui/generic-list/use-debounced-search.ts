import { SEARCH_DEBOUNCE_MS } from '@cpq/contracts';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';

/**
 * The search box's state: `text` follows every keystroke, `onSearch` receives the trimmed text 500 ms after the
 * last one, or at once on Enter.
 */
export function useDebouncedSearch(onSearch: (search: string) => void, delayMs: number = SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  useEffect(() => cancel, [cancel]);

  const change = useCallback(
    (next: string) => {
      setText(next);
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        latest.current(next.trim());
      }, delayMs);
    },
    [cancel, delayMs],
  );

  const submitNow = useCallback(() => {
    cancel();
    latest.current(text.trim());
  }, [cancel, text]);

  const clear = useCallback(() => {
    cancel();
    setText('');
    latest.current('');
  }, [cancel]);

  const handleKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      submitNow();
    },
    [submitNow],
  );

  return { text, change, submitNow, clear, handleKeyDown };
}
