import { formatCurrency, type TProductView } from '@cpq/contracts';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { ProductThumbnail } from '../../products/components/product-thumbnail';

type TCatalogProductCardProps = {
  product: TProductView;
  /** Phones: a row (thumbnail beside the text) instead of a tile. */
  isRow: boolean;
  /** Administrators get a link to the product's edit form on the row layout. */
  canEdit: boolean;
  isBusy: boolean;
  isDisabled: boolean;
  onChoose: (product: TProductView) => void;
};

/** What choosing a product does, as its button says it. */
export const catalogActionLabel = (product: TProductView): string =>
  product.isNonConfigurable ? `Add ${product.Name} to quote` : `Configure ${product.Name}`;

const clamp = (lines: number) => ({
  display: '-webkit-box',
  WebkitLineClamp: lines,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

function ProductImage({ product }: { product: TProductView }) {
  return (
    <Box
      sx={{
        height: 132,
        // Flex, not grid: a grid's auto row would size to the picture, so its 100% height would not fit the box.
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'action.hover',
        color: 'text.disabled',
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      {product.ImageUrl ? (
        <Box
          component="img"
          src={product.ImageUrl}
          alt={`Image of ${product.Name}`}
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'contain', boxSizing: 'border-box', p: 1.5 }}
        />
      ) : (
        <ImageOutlined aria-hidden fontSize="large" />
      )}
    </Box>
  );
}

function ProductText({ id, product, isBusy }: { id: string; product: TProductView; isBusy: boolean }) {
  return (
    <Box id={id} sx={{ minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column' }}>
      <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
        {product.Name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        Part # {product.ProductNumber}
      </Typography>
      {product.Description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, ...clamp(2) }}>
          {product.Description}
        </Typography>
      )}
      {/* The price row sits at the bottom, level across the tiles of a row. */}
      <Stack
        direction="row"
        sx={{
          mt: 'auto',
          pt: 1,
          alignItems: 'center',
          justifyContent: 'space-between',
          columnGap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
          {product.isNonConfigurable ? formatCurrency(product.defaultPrice) : 'Configurable'}
        </Typography>
        {isBusy ? (
          <CircularProgress size={20} aria-label={`Adding ${product.Name}`} />
        ) : (
          <Typography variant="button" color="primary" aria-hidden>
            {product.isNonConfigurable ? 'Add to quote' : 'Configure'}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/**
 * One product of the catalog: a tile (image above the text) or, on phones, a row. Choosing a configurable product
 * configures it; a fixed-price product goes on the quote as it is.
 */
export function CatalogProductCard({
  product,
  isRow,
  canEdit,
  isBusy,
  isDisabled,
  onChoose,
}: TCatalogProductCardProps) {
  // The button is named by its action; the part number, description and price describe it.
  const textId = useId();
  return (
    <Card component="li" sx={{ display: 'flex', alignItems: 'stretch', minWidth: 0 }}>
      <CardActionArea
        aria-label={catalogActionLabel(product)}
        aria-describedby={textId}
        disabled={isDisabled}
        onClick={() => onChoose(product)}
        sx={{
          flex: 1,
          minWidth: 0,
          p: isRow ? 1.5 : 2,
          display: 'flex',
          flexDirection: isRow ? 'row' : 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          gap: 1.5,
        }}
      >
        {isRow ? (
          <ProductThumbnail src={product.ImageUrl} name={product.Name} size={64} />
        ) : (
          <ProductImage product={product} />
        )}
        <ProductText id={textId} product={product} isBusy={isBusy} />
      </CardActionArea>
      {isRow && canEdit && (
        <Box sx={{ display: 'flex', alignItems: 'center', px: 0.5, borderLeft: 1, borderColor: 'divider' }}>
          <IconButton
            component={RouterLink}
            to={`/Products/edit/${encodeURIComponent(product.ProductNumber)}`}
            aria-label={`Edit ${product.Name}`}
          >
            <EditOutlined />
          </IconButton>
        </Box>
      )}
    </Card>
  );
}
