import { formatCurrency, formatDate, type TConfiguration } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { reconfigurePath } from '../../catalog/configurator-paths';
import { ProductThumbnail } from '../../products/components/product-thumbnail';

/** The card's accessible name: what opening it does. */
export const reopenLabel = (configuration: TConfiguration): string =>
  `Reopen ${configuration.productName} configuration from ${formatDate(configuration.createdDate)}`;

/**
 * One saved configuration: product image and name, its part number (or 'Incomplete'), price, date and the quote it
 * is on. Opening it reopens the configurator in reconfigure mode.
 */
export function ConfigurationCard({ configuration }: { configuration: TConfiguration }) {
  const { productId, quoteId, id, productName, imageUrl, partNumber, isComplete, price, createdDate } = configuration;
  // The link is named by what it does; part number, price and quote describe it.
  const factsId = useId();
  return (
    <Card component="li" sx={{ minWidth: 0 }}>
      <CardActionArea
        component={RouterLink}
        to={reconfigurePath(productId, quoteId, id)}
        aria-label={reopenLabel(configuration)}
        aria-describedby={factsId}
        sx={{ height: '100%', p: 2, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'flex-start' }}
      >
        <ProductThumbnail src={imageUrl} name={productName} size={72} />
        <Box id={factsId} sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere', lineHeight: 1.3 }}>
            {productName}
          </Typography>
          {isComplete && partNumber ? (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              Part # {partNumber}
            </Typography>
          ) : (
            <Chip label="Incomplete" size="small" variant="outlined" sx={{ mt: 0.5 }} />
          )}
          <Typography sx={{ mt: 1, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
            {formatCurrency(price)}
          </Typography>
          <Stack
            direction="row"
            sx={{ mt: 0.5, gap: 1.5, flexWrap: 'wrap', color: 'text.secondary', typography: 'body2' }}
          >
            <span>{formatDate(createdDate)}</span>
            {quoteId !== null && <span>Quote #{quoteId}</span>}
          </Stack>
        </Box>
      </CardActionArea>
    </Card>
  );
}
