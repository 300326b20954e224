import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Suspense } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { lazyPart, usePreload } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/page-spinner';
import type { TProductLocationState } from '../hooks/use-product-submit';
import { useProduct } from '../hooks/use-products';

// The form (react-hook-form, the zod schemas, the field widgets) loads beside the record, after the first paint.
const ProductForm = lazyPart(() => import('../components/product-form').then((m) => m.ProductForm));

const PAGE_SX = { width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 2.5, md: 5 } } as const;

/** /Products/create and /Products/edit/{id or part number}. */
export function ProductEditPage() {
  usePreload(ProductForm);
  const { action, id } = useParams();
  const location = useLocation();
  const isCreate = action === 'create';
  const product = useProduct(isCreate ? undefined : id);
  const modelErrors = (location.state as TProductLocationState)?.modelErrors ?? null;

  if (!isCreate && id && product.isPending) return <PageSpinner />;
  return (
    <Box sx={PAGE_SX}>
      <Suspense fallback={<PageSpinner />}>
        {isCreate ? (
          <ProductForm product={null} />
        ) : product.data ? (
          <ProductForm key={product.data.ID} product={product.data} initialModelErrors={modelErrors} />
        ) : (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to="/Products" color="inherit">
                Back to Products
              </Button>
            }
          >
            {product.error?.message ?? 'We could not find that product.'}
          </Alert>
        )}
      </Suspense>
    </Box>
  );
}
