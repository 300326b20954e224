import { msgAddressDeleted, SUPER_ADMIN_LEVEL, type TAddress } from '@cpq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, GenericList, routeQuery, type TListColumn } from '../../../ui/generic-list';
import { lazyPart, usePreloadWhenIdle } from '../../../ui/lazy-part';
import { PartProgress } from '../../../ui/part-progress';
import { RefreshButton } from '../../../ui/refresh-button';
import { RowActionButtons } from '../../../ui/row-action-buttons';
import { useEditorPanel } from '../../../ui/use-editor-panel';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { AddressCard } from '../components/address-card';
import { ADDRESS_LIST_KEY, useDeleteAddress } from '../hooks/use-addresses';
import { joinAddressLines } from '../logic/address-lines';

// The editor panel (its form, with react-hook-form and the zod schemas) is not on the list's first screen.
const AddressPanel = lazyPart(() => import('../components/address-panel').then((m) => m.AddressPanel));

const query = routeQuery('addressManagement/getAddresses');

/** /Addresses: every address of the platform; delete takes the row away at once and puts it back on failure. */
export function AddressesPage() {
  usePreloadWhenIdle(AddressPanel);
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const panel = useEditorPanel<TAddress>();
  const remove = useDeleteAddress();
  const isAllPlatforms = (useSession().user?.roleLevel ?? 0) >= SUPER_ADMIN_LEVEL;
  const [deleting, setDeleting] = useState<TAddress | null>(null);

  const handleDelete = (address: TAddress) => {
    setDeleting(null);
    remove.mutate(address.id, {
      onSuccess: () => toast.success(msgAddressDeleted(address.id)),
      onError: (error) => toast.error(errorText(error)),
    });
  };

  const columns: TListColumn<TAddress>[] = [
    { id: 'id', header: 'ID', size: 90, align: 'right' },
    { id: 'Address', header: 'Address', size: 300, cell: (row) => joinAddressLines(row) },
    { id: 'City', header: 'City', size: 180 },
    { id: 'State', header: 'State', size: 100 },
    { id: 'Zip', header: 'Zip', size: 120 },
    ...(isAllPlatforms ? [{ id: 'pid', header: 'Platform', size: 130, sortField: false as const }] : []),
    {
      id: 'actions',
      header: 'Actions',
      size: 110,
      sortField: false,
      cell: (row) => (
        <RowActionButtons
          label={`address ${row.id}`}
          onEdit={() => panel.openEdit(row)}
          onDelete={() => setDeleting(row)}
        />
      ),
    },
  ];

  return (
    <>
      <GenericList
        listId="addresses"
        title="Addresses"
        queryKey={ADDRESS_LIST_KEY}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `Edit address ${row.id}`}
        defaultOrder={['Address', 'ASC']}
        onRowClick={panel.openEdit}
        renderCard={(row) => (
          <AddressCard
            address={row}
            showPlatform={isAllPlatforms}
            onEdit={() => panel.openEdit(row)}
            onDelete={() => setDeleting(row)}
          />
        )}
        create={{ label: 'Create Address', onClick: panel.openCreate }}
        back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
        toolbarActions={
          <RefreshButton onRefresh={() => void queryClient.invalidateQueries({ queryKey: ADDRESS_LIST_KEY })} />
        }
        searchPlaceholder="Search address, city, state or zip"
        emptyState={{ title: 'No addresses yet', description: 'Create an address to ship or bill to.' }}
      />
      {panel.key > 0 && (
        <Suspense fallback={<PartProgress />}>
          <AddressPanel key={panel.key} open={panel.isOpen} address={panel.row} onClose={panel.close} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={
          deleting ? `Are you sure you want to delete address ${deleting.id} (${joinAddressLines(deleting)})?` : ''
        }
        onConfirm={() => deleting && handleDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
