import { useCallback, useState } from 'react';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage full or blocked (private mode): the value still lives in the page's state.
  }
}

/** The quote detail page's session-storage keys, one per quote (spec: tab index and comment draft per quote). */
export const quoteTabKey = (quoteId: number): string => `quote:${quoteId}:tab`;
export const commentDraftKey = (quoteId: number): string => `quote:${quoteId}:comment`;

/**
 * A string kept in session storage under `key`: it survives a reload or a trip to the configurator and back, and is
 * forgotten with the browser tab. An empty string removes the entry.
 */
export function useSessionValue(key: string): [string, (value: string) => void] {
  const [state, setState] = useState(() => ({ key, value: read(key) ?? '' }));
  // Another quote on the same page instance (a link from one quote to another) reads its own entry.
  const value = state.key === key ? state.value : (read(key) ?? '');
  const setValue = useCallback(
    (next: string) => {
      write(key, next === '' ? null : next);
      setState({ key, value: next });
    },
    [key],
  );
  return [value, setValue];
}
