import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Row, Table as TTable } from '@tanstack/react-table';
import type { KeyboardEvent, ReactNode } from 'react';
import { cellOf } from './column-defs';
import { RowMenu } from './row-menu';
import type { TListColumn, TRowAction } from './types';

type TListCardsProps<TRow> = {
  table: TTable<TRow>;
  /** The visible columns in the user's order, for the default card. */
  visibleColumns: TListColumn<TRow>[];
  renderCard?: (row: TRow) => ReactNode;
  rowActions?: (row: TRow) => TRowAction[];
  onRowClick?: (row: TRow) => void;
  getRowLabel: (row: TRow) => string;
  isLoading: boolean;
  skeletonRows: number;
};

/** The first visible column as the title, the others as label and value pairs. */
function DefaultCard<TRow>({ row, columns }: { row: TRow; columns: TListColumn<TRow>[] }) {
  const [titleColumn, ...rest] = columns;
  return (
    <>
      {titleColumn && (
        <Typography variant="h6" component="p" sx={{ pr: 6, overflowWrap: 'anywhere' }}>
          {cellOf(titleColumn, row)}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {rest.map((column) => (
          <Box key={column.id} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {column.header}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
              {cellOf(column, row)}
            </Typography>
          </Box>
        ))}
      </Box>
    </>
  );
}

/** The card view (also the phone layout): one card per row, with its checkbox and kebab menu in the corner. */
export function ListCards<TRow>(props: TListCardsProps<TRow>) {
  const { table, visibleColumns, renderCard, rowActions, onRowClick, getRowLabel, isLoading, skeletonRows } = props;
  const handleKey = (event: KeyboardEvent, row: TRow) => {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    onRowClick?.(row);
  };
  const renderOne = (row: Row<TRow>) => (
    <Card
      key={row.id}
      component="li"
      sx={{
        position: 'relative',
        borderColor: row.getIsSelected() ? 'primary.main' : undefined,
        transition: 'border-color 120ms, transform 120ms',
        '&:hover': onRowClick ? { borderColor: 'primary.light' } : undefined,
      }}
    >
      <Box
        role={onRowClick ? 'button' : undefined}
        tabIndex={onRowClick ? 0 : undefined}
        aria-label={onRowClick ? getRowLabel(row.original) : undefined}
        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
        onKeyDown={onRowClick ? (event) => handleKey(event, row.original) : undefined}
        sx={{
          p: 2,
          height: '100%',
          cursor: onRowClick ? 'pointer' : 'default',
          pl: row.getCanSelect() ? 6 : 2,
          '&:focus-visible': {
            outline: '2px solid',
            outlineColor: 'primary.main',
            outlineOffset: -2,
            borderRadius: 'inherit',
          },
        }}
      >
        {renderCard ? renderCard(row.original) : <DefaultCard row={row.original} columns={visibleColumns} />}
      </Box>
      {row.getCanSelect() && (
        <Checkbox
          size="small"
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
          slotProps={{ input: { 'aria-label': `Select ${getRowLabel(row.original)}` } }}
          sx={{ position: 'absolute', top: 8, left: 6 }}
        />
      )}
      {rowActions && (
        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <RowMenu actions={rowActions(row.original)} label={getRowLabel(row.original)} />
        </Box>
      )}
    </Card>
  );
  return (
    <Stack
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))', xxl: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {isLoading
        ? Array.from({ length: skeletonRows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <Card key={index} component="li" aria-hidden sx={{ p: 2 }}>
              <Skeleton variant="text" width="60%" height={28} />
              <Skeleton variant="text" width="90%" />
              <Skeleton variant="text" width="75%" />
            </Card>
          ))
        : table.getRowModel().rows.map(renderOne)}
    </Stack>
  );
}
