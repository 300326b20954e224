import { useCallback, useState } from 'react';

type TEditorPanel<TRow> = {
  isOpen: boolean;
  /** The row being edited, or null when creating. Kept while the panel slides out, so it does not blank. */
  row: TRow | null;
  /** Changes on every open, so that a form keyed by it starts fresh. */
  key: number;
};

/** The open/closed state of a slide-in editor panel: open for create or for one row, then close. */
export function useEditorPanel<TRow>() {
  const [panel, setPanel] = useState<TEditorPanel<TRow>>({ isOpen: false, row: null, key: 0 });
  const openCreate = useCallback(() => setPanel((current) => ({ isOpen: true, row: null, key: current.key + 1 })), []);
  const openEdit = useCallback((row: TRow) => setPanel((current) => ({ isOpen: true, row, key: current.key + 1 })), []);
  const close = useCallback(() => setPanel((current) => ({ ...current, isOpen: false })), []);
  return { ...panel, openCreate, openEdit, close };
}
