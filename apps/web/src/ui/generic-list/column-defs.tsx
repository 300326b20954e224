import Checkbox from '@mui/material/Checkbox';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { RowMenu } from './row-menu';
import type { TListColumn, TRowAction } from './types';

/** Read by screen readers, not shown. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export const SELECT_COLUMN = '__select';
export const ACTIONS_COLUMN = '__actions';
export const DEFAULT_COLUMN_SIZE = 160;
export const MIN_COLUMN_SIZE = 64;

/** An empty value shows as an em dash (spec section 9). */
export function displayValue(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export function cellOf<TRow>(column: TListColumn<TRow>, row: TRow): ReactNode {
  return column.cell ? column.cell(row) : displayValue((row as Record<string, unknown>)[column.id]);
}

type TDefOptions<TRow> = {
  hasSelection: boolean;
  rowActions?: (row: TRow) => TRowAction[];
  getRowLabel: (row: TRow) => string;
};

/** TanStack column definitions: the caller's columns, plus a selection column and a row-menu column when used. */
export function buildColumnDefs<TRow>(columns: TListColumn<TRow>[], options: TDefOptions<TRow>): ColumnDef<TRow>[] {
  const defs: ColumnDef<TRow>[] = [];
  if (options.hasSelection) {
    defs.push({
      id: SELECT_COLUMN,
      size: 52,
      minSize: 52,
      enableResizing: false,
      header: ({ table }) => (
        <Checkbox
          size="small"
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          disabled={!table.getRowModel().rows.some((row) => row.getCanSelect())}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
          slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
        />
      ),
      cell: ({ row }) =>
        row.getCanSelect() ? (
          <Checkbox
            size="small"
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
            onClick={(event) => event.stopPropagation()}
            slotProps={{ input: { 'aria-label': `Select ${options.getRowLabel(row.original)}` } }}
          />
        ) : null,
    });
  }
  for (const column of columns) {
    defs.push({
      id: column.id,
      header: column.header,
      size: column.size ?? DEFAULT_COLUMN_SIZE,
      minSize: column.minSize ?? MIN_COLUMN_SIZE,
      cell: ({ row }) => cellOf(column, row.original),
    });
  }
  if (options.rowActions) {
    const rowActions = options.rowActions;
    defs.push({
      id: ACTIONS_COLUMN,
      header: () => <span style={VISUALLY_HIDDEN}>Actions</span>,
      size: 56,
      minSize: 56,
      enableResizing: false,
      cell: ({ row }) => <RowMenu actions={rowActions(row.original)} label={options.getRowLabel(row.original)} />,
    });
  }
  return defs;
}
