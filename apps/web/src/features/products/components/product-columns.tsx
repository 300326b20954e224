import { formatCurrency, orDash, type TProductView } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TListColumn } from '../../../ui/generic-list';
import { ProductThumbnail } from './product-thumbnail';

/** The product list's columns: preview, Part #, Name, Description, Price and In Stock (#). */
const PRODUCT_COLUMNS: TListColumn<TProductView>[] = [
  {
    id: 'ImageUrl',
    header: 'Preview',
    sortField: false,
    size: 96,
    minSize: 88,
    cell: (product) => <ProductThumbnail src={product.ImageUrl} name={product.Name} />,
  },
  { id: 'ProductNumber', header: 'Part #', size: 150 },
  { id: 'Name', header: 'Name', size: 220 },
  {
    id: 'Description',
    header: 'Description',
    size: 320,
    cell: (product) => (
      <Box
        component="span"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          whiteSpace: 'normal',
        }}
        title={product.Description}
      >
        {orDash(product.Description)}
      </Box>
    ),
  },
  {
    id: 'defaultPrice',
    header: 'Price',
    align: 'right',
    size: 120,
    cell: (product) => formatCurrency(product.defaultPrice),
  },
  { id: 'quantityInStock', header: 'In Stock (#)', align: 'right', size: 160, minSize: 150 },
];

/** Level 9 sees every platform's products, so for them a Platform column tells same part numbers apart. */
export const productColumns = (isAllPlatforms: boolean): TListColumn<TProductView>[] =>
  isAllPlatforms
    ? [...PRODUCT_COLUMNS, { id: 'pid', header: 'Platform', size: 130, sortField: false }]
    : PRODUCT_COLUMNS;

/** The phone card: preview, name, part number, price and stock. */
export function ProductCard({ product, isAllPlatforms }: { product: TProductView; isAllPlatforms: boolean }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', pr: 5, minWidth: 0 }}>
      <ProductThumbnail src={product.ImageUrl} name={product.Name} size={64} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
          {product.Name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Part # {product.ProductNumber}
          {isAllPlatforms && ` · ${product.pid}`}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}>
          {formatCurrency(product.defaultPrice)}
          <Typography component="span" variant="body2" color="text.secondary">
            {' · '}
            {product.quantityInStock === null ? 'Configurable' : `${product.quantityInStock} in stock`}
          </Typography>
        </Typography>
      </Box>
    </Stack>
  );
}
