import type { TProductView } from '@cpq/contracts';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { CardGrid } from '../../../ui/card-grid';
import { ProductThumbnail } from '../../products/components/product-thumbnail';
import { newConfigurationPath } from '../configurator-paths';
import { useQuickConfigProducts } from '../hooks/use-catalog';

function QuickConfigCard({ product, onConfigure }: { product: TProductView; onConfigure: () => void }) {
  return (
    <Card component="li" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', minWidth: 0 }}>
      <ProductThumbnail src={product.ImageUrl} name={product.Name} size={72} />
      <Box sx={{ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', alignSelf: 'stretch' }}>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {product.Name}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 0.5, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {product.Description || `Part # ${product.ProductNumber}`}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="outlined"
          size="small"
          startIcon={<TuneOutlined />}
          onClick={onConfigure}
          aria-label={`Configure ${product.Name}`}
          sx={{ mt: 1.5, alignSelf: 'flex-start' }}
        >
          Configure
        </Button>
      </Box>
    </Card>
  );
}

/**
 * The inline quick-config list: a card for each product flagged isQuickConfig, each starting a new configuration.
 * Renders nothing when no product is flagged (the catalog button beside it still offers every product).
 */
export function QuickConfigCards() {
  const navigate = useNavigate();
  const products = useQuickConfigProducts();
  const rows = products.data?.rows ?? [];
  if (products.isSuccess && rows.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="quick-config-title" sx={{ mt: { xs: 3, md: 4 } }}>
      <Typography id="quick-config-title" variant="h5" component="h2" sx={{ mb: 1.5 }}>
        Quick Configure
      </Typography>
      {products.isError ? (
        <Stack direction="row" role="alert" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography color="text.secondary">{errorText(products.error)}</Typography>
          <Button onClick={() => void products.refetch()}>Retry</Button>
        </Stack>
      ) : (
        <CardGrid
          label="Quick Configure products"
          columns={{ xs: 1, lg: 2, xxl: 3 }}
          isLoading={products.isPending}
          skeletonCount={2}
        >
          {rows.map((product) => (
            <QuickConfigCard
              key={product.ID}
              product={product}
              onConfigure={() => navigate(newConfigurationPath(product.ID, null))}
            />
          ))}
        </CardGrid>
      )}
    </Box>
  );
}
