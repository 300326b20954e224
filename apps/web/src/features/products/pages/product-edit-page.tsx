import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../../ui/page-spinner';
import { ProductForm } from '../components/product-form';
import type { TProductLocationState } from '../hooks/use-product-submit';
import { useProduct } from '../hooks/use-products';

const PAGE_SX = { width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 2.5, md: 5 } } as const;

/** /Products/create and /Products/edit/{id or part number}. */
export function ProductEditPage() {
  const { action, id } = useParams();
  const location = useLocation();
  const isCreate = action === 'create';
  const product = useProduct(isCreate ? undefined : id);
  const modelErrors = (location.state as TProductLocationState)?.modelErrors ?? null;

  if (!isCreate && id && product.isPending) return <PageSpinner />;
  return (
    <Box sx={PAGE_SX}>
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
    </Box>
  );
}
