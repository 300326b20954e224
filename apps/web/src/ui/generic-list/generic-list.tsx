import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { errorText } from '../../lib/api';
import { lazyPart } from '../lazy-part';
import { useIsPhone } from '../use-is-phone';
import { useToast } from '../use-toast';
import { ColumnProperties } from './column-properties';
import { ConfirmDialog } from './confirm-dialog';
import { ListCards } from './list-cards';
import { EmptyState, ErrorState } from './list-states';
import { ListTable } from './list-table';
import { ListControls, ListHeader, SelectionBar } from './list-toolbar';
import { isPagerHidden } from './pager';
import type { TGenericListProps } from './types';
import { useGenericList } from './use-generic-list';

// The pager shows with the first page of rows, and its page-size select brings MUI's menu machinery: it loads
// beside the rows instead of before the list's first paint.
const ListPager = lazyPart(() => import('./list-pager').then((m) => m.ListPager));

/** Holds the pager's place while its code arrives (one row on wide screens, two on narrow ones). */
const PAGER_SPACE = { pt: 2, minHeight: { xs: 100, md: 56 } } as const;

/**
 * The one list of the product: server-side paging, sorting and search over a `query` function, with a
 * remembered per-user layout. Usage:
 *
 * ```tsx
 * <GenericList
 *   listId="users"                                   // layout key (with the username)
 *   title="Users"
 *   queryKey={['users', 'list']}                     // invalidate this prefix to refetch
 *   query={routeQuery('userManagement/getUsers')}    // or (q, signal) => Promise<{ rows, count }>
 *   columns={[{ id: 'username', header: 'Username', size: 260 }, { id: 'online', header: 'Online', sortField: 'isLoggedIn', cell: (u) => <Dot on={u.isLoggedIn} /> }]}
 *   getRowId={(user) => user.id}
 *   getRowLabel={(user) => user.username}            // names rows for screen readers, menus and selection
 *   defaultOrder={['ProductNumber', 'ASC']}          // omit to use the server's default order
 *   onRowClick={(user) => navigate(`/Users/edit/${user.username}`)}
 *   rowActions={(user) => [{ label: 'Delete', icon: <DeleteOutline />, isDestructive: true, onClick: () => … }]}
 *   renderCard={(user) => <UserCard user={user} />}  // optional; a label/value card is the default
 *   create={{ label: 'Create User', onClick: () => navigate('/Users/create') }}
 *   back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
 *   bulkDelete={{ question: MSG.deleteUsersQuestion, getName: (u) => u.username, canSelect: (u) => u.id !== me.id, onDelete: (rows) => api.deleteUsers(rows) }}
 *   toolbarActions={<RefreshButton />}              // optional extra buttons
 *   emptyState={{ title: 'No users yet', description: 'Create the first user of this platform.' }}
 * />
 * ```
 * Columns sort on `sortField` (default: the column id; `false` for none). Phones (< 600 px) always get cards.
 */
export function GenericList<TRow>(props: TGenericListProps<TRow>) {
  const { title, subtitle, back, create, columns, bulkDelete, renderCard, rowActions, onRowClick } = props;
  const isPhone = useIsPhone();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useGenericList(props);
  const { layout, result, table, count } = list;
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  useEffect(() => ListPager.preload(), []);

  const viewMode = isPhone ? 'cards' : layout.viewMode;
  const selectedRows = table.getSelectedRowModel().rows.map((row) => row.original);
  const columnsById = new Map(columns.map((column) => [column.id, column]));
  const visibleColumns = layout.columnOrder
    .filter((id) => layout.columnVisibility[id] !== false)
    .flatMap((id) => columnsById.get(id) ?? []);
  const isLoading = result.isPending;
  const skeletonRows = Math.min(layout.pageSize, 8);

  const handleBulkDelete = async () => {
    if (!bulkDelete) return;
    setIsDeleting(true);
    try {
      await bulkDelete.onDelete(selectedRows);
      list.clearSelection();
      setIsConfirming(false);
      await queryClient.invalidateQueries({ queryKey: props.queryKey });
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setIsDeleting(false);
    }
  };

  const renderBody = () => {
    if (result.isError && !result.data) {
      return <ErrorState message={errorText(result.error)} onRetry={() => void result.refetch()} />;
    }
    if (!isLoading && count === 0) {
      return (
        <EmptyState
          search={list.search}
          title={props.emptyState?.title ?? `No ${title.toLowerCase()} yet`}
          description={props.emptyState?.description}
          onClearSearch={list.searchBox.clear}
          create={create}
        />
      );
    }
    const shared = { table, onRowClick, getRowLabel: list.getRowLabel, isLoading, skeletonRows };
    if (viewMode === 'cards') {
      return <ListCards {...shared} visibleColumns={visibleColumns} renderCard={renderCard} rowActions={rowActions} />;
    }
    return <ListTable {...shared} columnsById={columnsById} order={list.order} onSort={list.sortBy} drag={list.drag} />;
  };

  const isFetchingPage = result.isFetching && !isLoading;
  const isEmptyOrError = (!isLoading && count === 0) || (result.isError && !result.data);
  const shouldFrame = viewMode === 'table' || isEmptyOrError;

  return (
    <Box sx={{ width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 1.5, md: 3, xl: 4 }, py: { xs: 2.5, md: 4 } }}>
      <ListHeader title={title} subtitle={subtitle} back={back} create={create} />
      <ListControls
        search={props.isSearchable === false ? undefined : list.searchBox}
        searchPlaceholder={props.searchPlaceholder ?? `Search ${title.toLowerCase()}`}
        actions={props.toolbarActions}
        properties={
          <ColumnProperties
            columns={columns}
            visibility={layout.columnVisibility}
            onChange={(columnVisibility) => list.update({ columnVisibility })}
            onReset={list.reset}
          />
        }
        viewMode={viewMode}
        onViewModeChange={isPhone ? undefined : (mode) => list.update({ viewMode: mode })}
      />
      {bulkDelete && selectedRows.length > 0 && (
        <SelectionBar
          count={selectedRows.length}
          onDelete={() => setIsConfirming(true)}
          onClear={list.clearSelection}
        />
      )}
      <Box sx={{ position: 'relative' }} aria-busy={result.isFetching}>
        {isFetchingPage && (
          <LinearProgress
            aria-label="Loading"
            sx={{ position: 'absolute', top: 0, left: 12, right: 12, height: 2, borderRadius: 1, zIndex: 1 }}
          />
        )}
        {shouldFrame ? <Card sx={{ overflow: 'hidden' }}>{renderBody()}</Card> : renderBody()}
      </Box>
      {!isLoading && !result.isError && !isPagerHidden(count) && (
        <Suspense fallback={<Box sx={PAGER_SPACE} />}>
          <ListPager
            page={list.page}
            pageSize={layout.pageSize}
            count={count}
            onPageChange={list.setPage}
            onPageSizeChange={(pageSize) => {
              list.update({ pageSize });
              list.setPage(1);
            }}
          />
        </Suspense>
      )}
      {bulkDelete && (
        <ConfirmDialog
          open={isConfirming}
          title="Delete"
          message={bulkDelete.question}
          items={selectedRows.map(bulkDelete.getName)}
          isPending={isDeleting}
          onConfirm={() => void handleBulkDelete()}
          onCancel={() => setIsConfirming(false)}
        />
      )}
    </Box>
  );
}
