import { formatPhone, msgContactDeleted, orDash, type TCustomer } from '@cpq/contracts';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, GenericList, routeQuery, type TListColumn } from '../../../ui/generic-list';
import { lazyPart, usePreloadWhenIdle } from '../../../ui/lazy-part';
import { PartProgress } from '../../../ui/part-progress';
import { RowActionButtons } from '../../../ui/row-action-buttons';
import { useEditorPanel } from '../../../ui/use-editor-panel';
import { useToast } from '../../../ui/use-toast';
import { CustomerCard } from '../components/customer-card';
import { CUSTOMER_LIST_KEY, useDeleteCustomer } from '../hooks/use-customers';
import { customerName } from '../logic/customer-name';

// The editor panel (its form, with react-hook-form and the zod schemas) is not on the list's first screen.
const CustomerPanel = lazyPart(() => import('../components/customer-panel').then((m) => m.CustomerPanel));

const query = routeQuery('customerManagement/getCustomers');

/** /Customers: the platform's customers, paged on the server (it stays quick at 100,000), edited in a side panel. */
export function CustomersPage() {
  usePreloadWhenIdle(CustomerPanel);
  const navigate = useNavigate();
  const toast = useToast();
  const panel = useEditorPanel<TCustomer>();
  const remove = useDeleteCustomer();
  const [deleting, setDeleting] = useState<TCustomer | null>(null);

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(msgContactDeleted(deleting.id));
    } catch (error) {
      toast.error(errorText(error));
    }
    setDeleting(null);
  };

  const columns: TListColumn<TCustomer>[] = [
    { id: 'id', header: 'ID', size: 90, align: 'right' },
    { id: 'name', header: 'Name', size: 240, sortField: 'lastName', cell: (row) => orDash(customerName(row)) },
    {
      id: 'phone',
      header: 'Phone',
      size: 170,
      cell: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatPhone(row.phone)}</span>,
    },
    { id: 'email', header: 'Email', size: 260 },
    { id: 'pid', header: 'Platform', size: 140 },
    { id: 'erpId', header: 'ERP ID', size: 140, isHiddenByDefault: true },
    { id: 'companyName', header: 'Company', size: 200, isHiddenByDefault: true },
    {
      id: 'isDealer',
      header: 'Pricing',
      size: 110,
      sortField: false,
      isHiddenByDefault: true,
      cell: (row) => (row.isDealer ? 'Dealer' : 'List'),
    },
    {
      id: 'actions',
      header: 'Actions',
      size: 110,
      sortField: false,
      cell: (row) => (
        <RowActionButtons
          label={`customer ${row.id}`}
          onEdit={() => panel.openEdit(row)}
          onDelete={() => setDeleting(row)}
        />
      ),
    },
  ];

  return (
    <>
      <GenericList
        listId="customers"
        title="Customers"
        queryKey={CUSTOMER_LIST_KEY}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `Edit customer ${row.id} ${customerName(row)}`.trim()}
        defaultOrder={['id', 'ASC']}
        onRowClick={panel.openEdit}
        renderCard={(row) => (
          <CustomerCard customer={row} onEdit={() => panel.openEdit(row)} onDelete={() => setDeleting(row)} />
        )}
        create={{ label: 'Create Customer', onClick: panel.openCreate }}
        back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
        searchPlaceholder="Search customers"
        emptyState={{ title: 'No customers yet', description: 'Create a customer to quote and bill.' }}
      />
      {panel.key > 0 && (
        <Suspense fallback={<PartProgress />}>
          <CustomerPanel key={panel.key} open={panel.isOpen} customer={panel.row} onClose={panel.close} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete customer ${deleting?.id ?? ''}${deleting && customerName(deleting) ? ` (${customerName(deleting)})` : ''}?`}
        isPending={remove.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
