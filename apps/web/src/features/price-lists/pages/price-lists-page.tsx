import { formatDate, msgPriceListDeleted, SUPER_ADMIN_LEVEL, type TPriceList } from '@cpq/contracts';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, GenericList, routeQuery, type TListColumn } from '../../../ui/generic-list';
import { lazyPart, usePreloadWhenIdle } from '../../../ui/lazy-part';
import { PartProgress } from '../../../ui/part-progress';
import { RowActionButtons } from '../../../ui/row-action-buttons';
import { useEditorPanel } from '../../../ui/use-editor-panel';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { PRICE_LIST_LIST_KEY, useDeletePriceList } from '../hooks/use-price-lists';

const query = routeQuery('priceListManagement/getPriceLists');

// The editor panel (its form with the entries table, the product search and the zod schemas) is not on the list's
// first screen.
const PriceListPanel = lazyPart(() => import('../components/price-list-panel').then((m) => m.PriceListPanel));

/** 'From 01/01/2026 to 12/31/2026', 'From 01/01/2026', 'Always'. */
function validityText(list: Pick<TPriceList, 'validFrom' | 'validTo'>): string {
  const day = (value: string) => formatDate(`${value}T12:00:00Z`);
  if (list.validFrom && list.validTo) return `${day(list.validFrom)} to ${day(list.validTo)}`;
  if (list.validFrom) return `From ${day(list.validFrom)}`;
  if (list.validTo) return `Until ${day(list.validTo)}`;
  return 'Always';
}

/** How many products and tiers a list prices. */
function entriesText(list: TPriceList): string {
  if (list.entries.length === 0) return 'No entries';
  const products = new Set(list.entries.map((entry) => entry.productId)).size;
  const tiers = list.entries.length;
  return `${products} ${products === 1 ? 'product' : 'products'}, ${tiers} ${tiers === 1 ? 'tier' : 'tiers'}`;
}

/** /PriceLists: the platform's price lists (dealer, distributor, ...), edited in a slide-in panel. */
export function PriceListsPage() {
  usePreloadWhenIdle(PriceListPanel);
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  const panel = useEditorPanel<TPriceList>();
  const remove = useDeletePriceList();
  const [deleting, setDeleting] = useState<TPriceList | null>(null);

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(msgPriceListDeleted(deleting.id));
    } catch (error) {
      toast.error(errorText(error));
    }
    setDeleting(null);
  };

  const columns: TListColumn<TPriceList>[] = [
    { id: 'name', header: 'Name', size: 220 },
    { id: 'currency', header: 'Currency', size: 140 },
    { id: 'validFrom', header: 'Valid', size: 230, cell: validityText },
    { id: 'entries', header: 'Entries', size: 260, sortField: false, cell: entriesText },
    { id: 'customerCount', header: 'Customers', size: 120, align: 'right', sortField: false },
    ...((user?.roleLevel ?? 0) >= SUPER_ADMIN_LEVEL ? [{ id: 'pid', header: 'Platform', size: 130 }] : []),
    {
      id: 'actions',
      header: 'Actions',
      size: 110,
      sortField: false,
      cell: (row) => (
        <RowActionButtons label={row.name} onEdit={() => panel.openEdit(row)} onDelete={() => setDeleting(row)} />
      ),
    },
  ];

  const usedBy = deleting?.customerCount ?? 0;
  return (
    <>
      <GenericList
        listId="priceLists"
        title="Price Lists"
        subtitle="Prices for dealers, distributors and other customers, by product and quantity."
        queryKey={PRICE_LIST_LIST_KEY}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `Edit ${row.name}`}
        defaultOrder={['name', 'ASC']}
        onRowClick={panel.openEdit}
        create={{ label: 'Create Price List', onClick: panel.openCreate }}
        back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
        searchPlaceholder="Search price lists"
        emptyState={{
          title: 'No price lists yet',
          description: 'Create a price list, then assign it to customers on /Customers.',
        }}
      />
      {panel.key > 0 && (
        <Suspense fallback={<PartProgress />}>
          <PriceListPanel key={panel.key} open={panel.isOpen} priceList={panel.row} onClose={panel.close} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete ${deleting?.name ?? ''}?${
          usedBy > 0
            ? ` It is assigned to ${usedBy} ${usedBy === 1 ? 'customer' : 'customers'}: give ${usedBy === 1 ? 'it' : 'them'} another price list first.`
            : ''
        }`}
        isPending={remove.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
