import { SUPER_ADMIN_LEVEL, type TStatusType } from '@cpq/contracts';
import Chip from '@mui/material/Chip';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, GenericList, type TListColumn } from '../../../ui/generic-list';
import { lazyPart, usePreloadWhenIdle } from '../../../ui/lazy-part';
import { PartProgress } from '../../../ui/part-progress';
import { RowActionButtons } from '../../../ui/row-action-buttons';
import { useEditorPanel } from '../../../ui/use-editor-panel';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { statusTypesApi } from '../api/status-types.api';
import { STATUS_TYPE_LIST_KEY, useDeleteStatusType } from '../hooks/use-status-types';

// The editor panel (its form, with react-hook-form and the zod schemas) is not on the list's first screen.
const StatusTypePanel = lazyPart(() => import('../components/status-type-panel').then((m) => m.StatusTypePanel));

const DELETED = 'Successfully deleted Status Type';

/** /StatusTypes: the platform's quote and order statuses, by display order, edited in a slide-in panel. */
export function StatusTypesPage() {
  usePreloadWhenIdle(StatusTypePanel);
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  const panel = useEditorPanel<TStatusType>();
  const remove = useDeleteStatusType();
  const [deleting, setDeleting] = useState<TStatusType | null>(null);
  const roleLevel = user?.roleLevel ?? 0;

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(DELETED);
    } catch (error) {
      toast.error(errorText(error));
    }
    setDeleting(null);
  };

  const columns: TListColumn<TStatusType>[] = [
    { id: 'name', header: 'Name', size: 260 },
    { id: 'roleLevel', header: 'Role Level', size: 130, align: 'right' },
    {
      id: 'visible',
      header: 'Visible',
      size: 120,
      sortField: false,
      cell: (row) =>
        row.visible === '1' ? (
          <Chip size="small" color="success" variant="outlined" label="Visible" />
        ) : (
          <Chip size="small" variant="outlined" label="Hidden" />
        ),
    },
    { id: 'displayOrder', header: 'Display Order', size: 150, align: 'right' },
    ...(roleLevel >= SUPER_ADMIN_LEVEL
      ? [{ id: 'pid', header: 'Platform', size: 130, sortField: false as const }]
      : []),
    {
      id: 'actions',
      header: 'Actions',
      size: 120,
      sortField: false,
      cell: (row) => (
        <RowActionButtons label={row.name} onEdit={() => panel.openEdit(row)} onDelete={() => setDeleting(row)} />
      ),
    },
  ];

  return (
    <>
      <GenericList
        listId="statusTypes"
        title="Status Types"
        subtitle="The statuses quotes and orders move through, and who may set them."
        queryKey={[...STATUS_TYPE_LIST_KEY, roleLevel]}
        query={(query, signal) => statusTypesApi.getStatusTypes({ ...query, roleLevel }, signal)}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `Edit ${row.name}`}
        defaultOrder={['displayOrder', 'ASC']}
        onRowClick={panel.openEdit}
        create={{ label: 'Create Status Type', onClick: panel.openCreate }}
        back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
        emptyState={{ title: 'No status types yet', description: 'Create the statuses your quotes move through.' }}
      />
      {panel.key > 0 && (
        <Suspense fallback={<PartProgress />}>
          <StatusTypePanel key={panel.key} open={panel.isOpen} statusType={panel.row} onClose={panel.close} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete ${deleting?.name ?? ''}?`}
        isPending={remove.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
