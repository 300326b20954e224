import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { ColumnDefTemplate, Header, Table as TTable } from '@tanstack/react-table';
import type { KeyboardEvent, ReactNode } from 'react';
import { ACTIONS_COLUMN, SELECT_COLUMN } from './column-defs';
import type { TListColumn, TOrder } from './types';
import type { useColumnDrag } from './use-column-drag';

/**
 * A column's header or cell template, called as the render function it is. TanStack's `flexRender` renders a
 * function as a component, and the column definitions are rebuilt on every render (use-generic-list.ts): each
 * render was then a new component type, so React remounted every cell and dropped its state (an open row menu
 * closed whenever the list rendered again, on a refetch or a live update).
 */
function renderTemplate<TProps extends object>(
  template: ColumnDefTemplate<TProps> | undefined,
  props: TProps,
): ReactNode {
  return typeof template === 'function' ? template(props) : (template ?? null);
}

type TListTableProps<TRow> = {
  table: TTable<TRow>;
  columnsById: Map<string, TListColumn<TRow>>;
  order: TOrder | undefined;
  onSort: (field: string) => void;
  onRowClick?: (row: TRow) => void;
  getRowLabel: (row: TRow) => string;
  isLoading: boolean;
  skeletonRows: number;
  drag: ReturnType<typeof useColumnDrag>;
};

const isUtility = (id: string) => id === SELECT_COLUMN || id === ACTIONS_COLUMN;

/** The table view: sortable, resizable and reorderable headers over one page of rows. */
export function ListTable<TRow>(props: TListTableProps<TRow>) {
  const { table, columnsById, order, onSort, onRowClick, getRowLabel, isLoading, skeletonRows, drag } = props;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  const renderHeader = (header: Header<TRow, unknown>) => {
    const id = header.column.id;
    const column = columnsById.get(id);
    const sortField = column?.sortField === false ? null : (column?.sortField ?? id);
    const isSorted = Boolean(column && sortField && order?.[0] === sortField);
    const direction = isSorted && order?.[1] === 'DESC' ? 'desc' : 'asc';
    const isDragged = drag.drag?.id === id;
    const isDropTarget = drag.drag?.overId === id && !isDragged;
    return (
      <TableCell
        key={header.id}
        data-column-id={isUtility(id) ? undefined : id}
        aria-sort={isSorted ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
        align={column?.align}
        padding={isUtility(id) ? 'checkbox' : 'normal'}
        onPointerDown={isUtility(id) ? undefined : (event) => drag.startReorder(event, id)}
        sx={{
          position: 'relative',
          width: header.getSize(),
          fontWeight: 650,
          color: 'text.secondary',
          bgcolor: 'background.paper',
          whiteSpace: 'nowrap',
          userSelect: 'none',
          touchAction: 'pan-y',
          cursor: isUtility(id) ? 'default' : 'grab',
          opacity: isDragged ? 0.5 : 1,
          boxShadow: isDropTarget ? (theme) => `inset 3px 0 0 ${theme.palette.primary.main}` : undefined,
        }}
      >
        {column && sortField ? (
          <TableSortLabel
            active={isSorted}
            direction={direction}
            onClick={() => {
              if (!drag.consumeSuppressedClick()) onSort(sortField);
            }}
            sx={{ maxWidth: '100%', '& .MuiTableSortLabel-icon': { flexShrink: 0 } }}
          >
            <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {column.header}
            </Box>
          </TableSortLabel>
        ) : (
          renderTemplate(header.column.columnDef.header, header.getContext())
        )}
        {header.column.getCanResize() && (
          <Box
            role="separator"
            aria-orientation="vertical"
            aria-label={`Resize ${column?.header ?? id}`}
            onPointerDown={(event) =>
              drag.startResize(event, id, header.getSize(), header.column.columnDef.minSize ?? 64)
            }
            onClick={(event) => event.stopPropagation()}
            sx={{
              position: 'absolute',
              top: 8,
              bottom: 8,
              right: 0,
              width: 10,
              cursor: 'col-resize',
              touchAction: 'none',
              '&::after': {
                content: '""',
                position: 'absolute',
                right: 4,
                top: 0,
                bottom: 0,
                width: 2,
                borderRadius: 1,
                bgcolor: 'divider',
              },
              '&:hover::after': { bgcolor: 'primary.main' },
            }}
          />
        )}
      </TableCell>
    );
  };

  const handleRowKey = (event: KeyboardEvent, row: TRow) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onRowClick?.(row);
  };

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="medium" sx={{ tableLayout: 'fixed', width: table.getTotalSize(), minWidth: '100%' }}>
        <TableHead>
          <TableRow>{headers.map(renderHeader)}</TableRow>
        </TableHead>
        <TableBody>
          {isLoading
            ? Array.from({ length: skeletonRows }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <TableRow key={index} aria-hidden>
                  {headers.map((header) => (
                    <TableCell key={header.id}>
                      <Skeleton variant="text" width={isUtility(header.column.id) ? 24 : '70%'} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : table.getRowModel().rows.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  selected={row.getIsSelected()}
                  onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                  onKeyDown={onRowClick ? (event) => handleRowKey(event, row.original) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                  aria-label={onRowClick ? getRowLabel(row.original) : undefined}
                  sx={{
                    cursor: onRowClick ? 'pointer' : 'default',
                    '&:last-child td': { borderBottom: 0 },
                    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
                  }}
                >
                  {row.getVisibleCells().map((cell) => (
                    <TableCell
                      key={cell.id}
                      align={columnsById.get(cell.column.id)?.align}
                      padding={isUtility(cell.column.id) ? 'checkbox' : 'normal'}
                      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    >
                      {renderTemplate(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
    </Box>
  );
}
