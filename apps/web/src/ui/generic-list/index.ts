/**
 * The generic list and the shared edit-form pieces. Start with `GenericList` (usage in generic-list.tsx):
 * pass `query` (or `routeQuery('some/route')`), a `queryKey` prefix, `columns` and `getRowId`.
 */
export { ConfirmDialog } from './confirm-dialog';
export { EditFormFooter } from './edit-form-footer';
export { FileDropArea } from './file-drop-area';
export { GenericList } from './generic-list';
export { routeQuery, type TPagedRoutePath } from './route-query';
export { SlideInPanel } from './slide-in-panel';
export type {
  TBulkDelete,
  TGenericListProps,
  TListColumn,
  TListQueryFn,
  TOrder,
  TPage,
  TRowAction,
  TSortDirection,
  TViewMode,
} from './types';
export { useUnsavedChangesGuard } from './use-unsaved-changes-guard';
