import { ADMIN_LEVEL, DEFAULT_PAGE_SIZE, type TProductView } from '@cpq/contracts';
import DialogContent from '@mui/material/DialogContent';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { EmptyState } from '../../../ui/generic-list/list-states';
import { ListControls } from '../../../ui/generic-list/list-toolbar';
import { useDebouncedSearch } from '../../../ui/generic-list/use-debounced-search';
import { PagedCardGrid } from '../../../ui/paged-card-grid';
import { ResponsiveDialog } from '../../../ui/responsive-dialog';
import { useIsPhone } from '../../../ui/use-is-phone';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { newConfigurationPath, quotePath } from '../configurator-paths';
import { useAddFixedPriceProduct, useCatalogProducts } from '../hooks/use-catalog';
import { CatalogProductCard } from './catalog-product-card';

export type TProductCatalogDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The quote new lines go on; null creates a quote for the first fixed-price product. */
  quoteId: number | null;
};

/**
 * The Product Catalog: the platform's catalog products with a search and a pager. A configurable product opens the
 * configurator for the quote; a fixed-price one is added to the quote (a new one when there is none) at its price.
 */
export function ProductCatalogDialog({ open, onClose, quoteId }: TProductCatalogDialogProps) {
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  const [query, setQuery] = useState({ search: '', page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const search = useDebouncedSearch((text) => setQuery((current) => ({ ...current, search: text, page: 1 })));
  const products = useCatalogProducts(query);
  const addLine = useAddFixedPriceProduct(quoteId);
  const busyId = addLine.isPending ? addLine.variables.ID : null;

  const handleChoose = (product: TProductView) => {
    if (!product.isNonConfigurable) {
      onClose();
      navigate(newConfigurationPath(product.ID, quoteId));
      return;
    }
    addLine.mutate(product, {
      onSuccess: (added) => {
        toast.success(added.message);
        onClose();
        if (quoteId === null) navigate(quotePath(added.quoteId));
      },
      onError: (error) => toast.error(errorText(error)),
    });
  };

  const isAdmin = (user?.roleLevel ?? 0) >= ADMIN_LEVEL;
  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      titleId="product-catalog-title"
      title="Product Catalog"
      maxWidth="lg"
    >
      <DialogContent sx={{ pt: 1, px: { xs: 2, md: 3 } }}>
        <ListControls search={search} searchPlaceholder="Search part #, name or description" viewMode="cards" />
        <PagedCardGrid
          label="Products"
          result={products}
          query={query}
          onQueryChange={(next) => setQuery((current) => ({ ...current, ...next }))}
          columns={{ xs: 1, md: 2, lg: 3 }}
          skeleton={
            <>
              {!isPhone && <Skeleton variant="rounded" height={132} sx={{ mb: 1.5 }} />}
              <Skeleton variant="text" width="60%" height={28} />
              <Skeleton variant="text" width="40%" />
              <Skeleton variant="text" width="90%" />
            </>
          }
          empty={
            <EmptyState
              search={query.search}
              title="The catalog is empty"
              description={
                isAdmin
                  ? 'Tick Catalog on a product in Administration › Products to list it here.'
                  : 'Ask an administrator to add products to the catalog.'
              }
              onClearSearch={search.clear}
            />
          }
          renderItem={(product) => (
            <CatalogProductCard
              key={product.ID}
              product={product}
              isRow={isPhone}
              canEdit={isAdmin}
              isBusy={busyId === product.ID}
              isDisabled={addLine.isPending}
              onChoose={handleChoose}
            />
          )}
        />
      </DialogContent>
    </ResponsiveDialog>
  );
}
