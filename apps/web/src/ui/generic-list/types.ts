import type { TPagedQuery } from '@cpq/contracts';
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export type TSortDirection = 'ASC' | 'DESC';
export type TOrder = [field: string, direction: TSortDirection];
export type TPage<TRow> = { rows: TRow[]; count: number };
export type TListQueryFn<TRow> = (query: TPagedQuery, signal?: AbortSignal) => Promise<TPage<TRow>>;
export type TViewMode = 'table' | 'cards';

/** One column of a generic list. */
export type TListColumn<TRow> = {
  /** Unique id; also the server's sort field unless `sortField` says otherwise. */
  id: string;
  header: string;
  /** What the cell shows; by default `row[id]`, with an em dash for empty values. */
  cell?: (row: TRow) => ReactNode;
  /** The server's `order` field, or false when the column cannot be sorted. Defaults to `id`. */
  sortField?: string | false;
  /** Initial width in px (user-resizable). */
  size?: number;
  minSize?: number;
  align?: 'left' | 'right' | 'center';
  /** Hidden until the user shows it in Properties. */
  isHiddenByDefault?: boolean;
};

/** An entry of a row's kebab menu. */
export type TRowAction = {
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  isDestructive?: boolean;
};

/** Row selection with bulk delete: the caller's question, each row's name, and the delete call. */
export type TBulkDelete<TRow> = {
  /** e.g. 'Are you sure you want to delete the following users?' */
  question: string;
  /** The name listed under the question for each selected row. */
  getName: (row: TRow) => string;
  /** False keeps a row out of selection (e.g. the caller's own user). */
  canSelect?: (row: TRow) => boolean;
  /** Deletes the rows; the list refetches when it resolves and toasts the error's message when it rejects. */
  onDelete: (rows: TRow[]) => Promise<unknown>;
};

export type TGenericListProps<TRow> = {
  /** Names the list in the remembered layout (with the signed-in username). */
  listId: string;
  title: string;
  subtitle?: ReactNode;
  /** TanStack Query key prefix; the list appends its paged query. Invalidate the prefix to refetch. */
  queryKey: QueryKey;
  /** Fetches one page: `{ limit, offset, order?, search? }` -> `{ rows, count }`. See `routeQuery`. */
  query: TListQueryFn<TRow>;
  columns: TListColumn<TRow>[];
  getRowId: (row: TRow) => string | number;
  /** The initial sort; omit it to let the server apply its default order. */
  defaultOrder?: TOrder;
  onRowClick?: (row: TRow) => void;
  /** Accessible name of a clickable row, e.g. `Edit ${row.username}`. */
  getRowLabel?: (row: TRow) => string;
  rowActions?: (row: TRow) => TRowAction[];
  /** Card view rendering of one row; a default card shows the visible columns as label/value pairs. */
  renderCard?: (row: TRow) => ReactNode;
  create?: { label: string; onClick: () => void };
  back?: { label?: string; onClick: () => void };
  bulkDelete?: TBulkDelete<TRow>;
  /** Extra toolbar buttons (e.g. a refresh button), shown before Properties. */
  toolbarActions?: ReactNode;
  isSearchable?: boolean;
  searchPlaceholder?: string;
  /** Shown when the list has no rows and no search is active: what to do next. */
  emptyState?: { title: string; description?: string };
  /** Overrides the signed-in username used in the layout's storage key. */
  username?: string;
};
