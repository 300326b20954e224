import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@cpq/contracts';
import { useCallback, useEffect, useState } from 'react';
import type { TViewMode } from './types';

/** What a user arranged in one list: kept per user and list in local storage. */
export type TListLayout = {
  columnVisibility: Record<string, boolean>;
  columnOrder: string[];
  columnSizing: Record<string, number>;
  viewMode: TViewMode;
  pageSize: number;
};

const VERSION = 1;

/** The storage key: one entry per user and list, so people sharing a computer keep their own layouts. */
export const layoutStorageKey = (username: string, listId: string): string =>
  `cpq.listLayout.v${VERSION}:${username || 'anonymous'}:${listId}`;

export const defaultLayout = (columns: { id: string; isHiddenByDefault?: boolean }[]): TListLayout => ({
  columnVisibility: Object.fromEntries(columns.map((column) => [column.id, !column.isHiddenByDefault])),
  columnOrder: columns.map((column) => column.id),
  columnSizing: {},
  viewMode: 'table',
  pageSize: DEFAULT_PAGE_SIZE,
});

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Reads a stored layout over the defaults. Columns added since it was saved take their default place and
 * visibility, columns removed since are dropped, and anything malformed falls back to the default.
 */
export function readLayout(key: string, fallback: TListLayout): TListLayout {
  try {
    const raw = storage()?.getItem(key);
    if (!raw) return fallback;
    const saved = JSON.parse(raw) as Partial<TListLayout>;
    const known = new Set(fallback.columnOrder);
    const order = (Array.isArray(saved.columnOrder) ? saved.columnOrder : []).filter((id) => known.has(id));
    const columnOrder = [...order, ...fallback.columnOrder.filter((id) => !order.includes(id))];
    const columnVisibility = { ...fallback.columnVisibility };
    for (const [id, isVisible] of Object.entries(saved.columnVisibility ?? {})) {
      if (known.has(id) && typeof isVisible === 'boolean') columnVisibility[id] = isVisible;
    }
    if (!Object.values(columnVisibility).some(Boolean)) return fallback;
    const columnSizing: Record<string, number> = {};
    for (const [id, size] of Object.entries(saved.columnSizing ?? {})) {
      if (known.has(id) && typeof size === 'number' && Number.isFinite(size)) columnSizing[id] = size;
    }
    const viewMode = saved.viewMode === 'cards' ? 'cards' : 'table';
    const pageSize = (PAGE_SIZES as readonly number[]).includes(saved.pageSize ?? 0)
      ? (saved.pageSize as number)
      : fallback.pageSize;
    return { columnVisibility, columnOrder, columnSizing, viewMode, pageSize };
  } catch {
    return fallback;
  }
}

/** The layout of one list for one user, saved on every change. */
export function useListLayout(key: string, fallback: () => TListLayout) {
  const [layout, setLayout] = useState<TListLayout>(() => readLayout(key, fallback()));
  // A different user or list (same component instance) loads its own layout.
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setLayout(readLayout(key, fallback()));
  }
  useEffect(() => {
    try {
      storage()?.setItem(key, JSON.stringify(layout));
    } catch {
      // A full or blocked storage only costs the remembered layout.
    }
  }, [key, layout]);
  const update = useCallback(
    (patch: Partial<TListLayout> | ((current: TListLayout) => Partial<TListLayout>)) =>
      setLayout((current) => ({ ...current, ...(typeof patch === 'function' ? patch(current) : patch) })),
    [],
  );
  const reset = useCallback(() => setLayout(fallback()), [fallback]);
  return { layout, update, reset };
}
