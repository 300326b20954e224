import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorText } from '../lib/api';
import { CardGrid, type TCardGridColumns } from './card-grid';
import { ListPager } from './generic-list/list-pager';
import { ErrorState } from './generic-list/list-states';
import type { TPage } from './generic-list/types';

export type TPageQuery = { page: number; pageSize: number };

type TPagedCardGridProps<TRow> = {
  label: string;
  /** The page's query result (keep the previous page as placeholder data, so paging does not flash skeletons). */
  result: UseQueryResult<TPage<TRow>>;
  query: TPageQuery;
  onQueryChange: (query: TPageQuery) => void;
  columns: TCardGridColumns;
  skeleton?: ReactNode;
  /** Shown instead of the grid when the page has no rows. */
  empty: ReactNode;
  renderItem: (row: TRow) => ReactNode;
};

/**
 * A server-paged grid of cards: a progress bar while a page loads, placeholder cards at first, the error with Retry,
 * the caller's empty state, and the list pager (12, 48, 96).
 */
export function PagedCardGrid<TRow>(props: TPagedCardGridProps<TRow>) {
  const { label, result, query, onQueryChange, columns, skeleton, empty, renderItem } = props;
  const rows = result.data?.rows ?? [];
  let body: ReactNode;
  if (result.isError && !result.data) {
    body = <ErrorState message={errorText(result.error)} onRetry={() => void result.refetch()} />;
  } else if (!result.isPending && rows.length === 0) {
    body = empty;
  } else {
    body = (
      <CardGrid
        label={label}
        columns={columns}
        isLoading={result.isPending}
        isBusy={result.isFetching}
        skeletonCount={6}
        skeleton={skeleton}
      >
        {rows.map(renderItem)}
      </CardGrid>
    );
  }
  return (
    <>
      <Box sx={{ height: 4, mb: 1 }}>{result.isFetching && !result.isPending && <LinearProgress />}</Box>
      {body}
      <ListPager
        page={query.page}
        pageSize={query.pageSize}
        count={result.data?.count ?? 0}
        onPageChange={(page) => onQueryChange({ ...query, page })}
        onPageSizeChange={(pageSize) => onQueryChange({ page: 1, pageSize })}
      />
    </>
  );
}
