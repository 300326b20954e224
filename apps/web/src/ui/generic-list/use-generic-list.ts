import type { TPagedQuery } from '@cpq/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCoreRowModel, type RowSelectionState, useReactTable } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { readToken } from '../../lib/token-storage';
import { ACTIONS_COLUMN, buildColumnDefs, SELECT_COLUMN } from './column-defs';
import { pageCountOf } from './pager';
import type { TGenericListProps, TOrder } from './types';
import { useColumnDrag } from './use-column-drag';
import { useDebouncedSearch } from './use-debounced-search';
import { defaultLayout, layoutStorageKey, useListLayout } from './use-list-layout';

/** Next `order` after a header click: a new column sorts ascending, the sorted one flips direction. */
export function nextOrder(current: TOrder | undefined, field: string): TOrder {
  if (current?.[0] === field) return [field, current[1] === 'ASC' ? 'DESC' : 'ASC'];
  return [field, 'ASC'];
}

/** The generic list's state: layout, paging, sorting, search, selection, the page query and the TanStack table. */
export function useGenericList<TRow>(props: TGenericListProps<TRow>) {
  const { listId, columns, queryKey, query, getRowId, defaultOrder, bulkDelete, rowActions } = props;
  const getRowLabel = props.getRowLabel ?? ((row: TRow) => String(getRowId(row)));
  const username = props.username ?? readToken()?.username ?? '';
  const fallback = useCallback(() => defaultLayout(columns), [columns]);
  const { layout, update, reset } = useListLayout(layoutStorageKey(username, listId), fallback);

  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<TOrder | undefined>(defaultOrder);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const searchBox = useDebouncedSearch((text) => {
    setSearch(text);
    setPage(1);
  });

  const pagedQuery: TPagedQuery = {
    limit: layout.pageSize,
    offset: (page - 1) * layout.pageSize,
    ...(order ? { order } : {}),
    ...(search ? { search } : {}),
  };
  const result = useQuery({
    queryKey: [...queryKey, pagedQuery],
    queryFn: ({ signal }) => query(pagedQuery, signal),
    placeholderData: keepPreviousData,
  });
  const count = result.data?.count ?? 0;
  const pageCount = pageCountOf(count, layout.pageSize);

  // A page left empty by deletes (or a smaller total after a search elsewhere) moves back to the last page.
  useEffect(() => {
    if (result.data && !result.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [result.data, result.isPlaceholderData, page, pageCount]);
  // Selection is per page: anything that changes the rows shown clears it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers, not inputs
  useEffect(() => setRowSelection({}), [page, search, order, layout.pageSize]);

  // Rebuilt each render: callers pass inline columns and callbacks, and TanStack Table takes new defs cheaply.
  const columnDefs = buildColumnDefs(columns, { hasSelection: Boolean(bulkDelete), rowActions, getRowLabel });
  const columnOrder = useMemo(() => [SELECT_COLUMN, ...layout.columnOrder, ACTIONS_COLUMN], [layout.columnOrder]);

  const table = useReactTable({
    data: result.data?.rows ?? [],
    columns: columnDefs,
    getRowId: (row) => String(getRowId(row)),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableColumnResizing: true,
    columnResizeMode: 'onChange',
    enableRowSelection: (row) => (bulkDelete?.canSelect ? bulkDelete.canSelect(row.original) : Boolean(bulkDelete)),
    state: {
      columnVisibility: layout.columnVisibility,
      columnOrder,
      columnSizing: layout.columnSizing,
      rowSelection,
    },
    onRowSelectionChange: setRowSelection,
    onColumnSizingChange: (updater) =>
      update((current) => ({
        columnSizing: typeof updater === 'function' ? updater(current.columnSizing) : updater,
      })),
  });

  const drag = useColumnDrag({
    order: layout.columnOrder,
    onOrderChange: (next) => update({ columnOrder: next }),
    onResize: (id, size) => update((current) => ({ columnSizing: { ...current.columnSizing, [id]: size } })),
  });

  return {
    layout,
    update,
    reset,
    page,
    setPage,
    search,
    order,
    sortBy: (field: string) => {
      setOrder((current) => nextOrder(current, field));
      setPage(1);
    },
    searchBox,
    result,
    count,
    table,
    drag,
    getRowLabel,
    clearSelection: () => setRowSelection({}),
  };
}
