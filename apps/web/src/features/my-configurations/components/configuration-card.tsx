import { formatCurrency, formatDate, QUOTE_TYPE, type TConfiguration } from '@cpq/contracts';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { reconfigurePath } from '../../catalog/configurator-paths';
import { ProductThumbnail } from '../../products/components/product-thumbnail';
import { OrderedConfigurationDialog } from './ordered-configuration-dialog';

/** The card's accessible name: what opening it does. */
export const reopenLabel = (configuration: TConfiguration): string =>
  `Reopen ${configuration.productName} configuration from ${formatDate(configuration.createdDate)}`;

/** The accessible name of an order's configuration, which opens read-only. */
export const viewLabel = (configuration: TConfiguration): string =>
  `View ${configuration.productName} configuration on Order #${configuration.quoteId ?? ''}`;

/** What the card shows: image, product, part number (or 'Incomplete'), price, date and the quote or order. */
function ConfigurationFacts({ configuration, factsId }: { configuration: TConfiguration; factsId: string }) {
  const { quoteId, productName, imageUrl, partNumber, isComplete, price, createdDate, quoteType } = configuration;
  const isOrder = quoteType === QUOTE_TYPE.Order;
  return (
    <>
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
          sx={{
            mt: 0.5,
            gap: 1.5,
            flexWrap: 'wrap',
            alignItems: 'center',
            color: 'text.secondary',
            typography: 'body2',
          }}
        >
          <span>{formatDate(createdDate)}</span>
          {quoteId !== null && !isOrder && <span>Quote #{quoteId}</span>}
          {isOrder && (
            <Chip
              icon={<LockOutlined />}
              label={`Order #${quoteId}`}
              size="small"
              color="success"
              variant="outlined"
              component="span"
            />
          )}
        </Stack>
      </Box>
    </>
  );
}

const AREA_SX = {
  height: '100%',
  p: 2,
  display: 'flex',
  gap: 2,
  alignItems: 'flex-start',
  justifyContent: 'flex-start',
} as const;

/**
 * One saved configuration. Opening it reopens the configurator in reconfigure mode; a configuration on an order,
 * which cannot change, opens read-only instead (its details, the order, 'Copy to a new quote').
 */
export function ConfigurationCard({ configuration }: { configuration: TConfiguration }) {
  const { productId, quoteId, id, quoteType } = configuration;
  const [isViewing, setIsViewing] = useState(false);
  // The link is named by what it does; part number, price and quote describe it.
  const factsId = useId();
  if (quoteType === QUOTE_TYPE.Order) {
    return (
      <Card component="li" sx={{ minWidth: 0 }}>
        <CardActionArea
          aria-label={viewLabel(configuration)}
          aria-describedby={factsId}
          aria-haspopup="dialog"
          onClick={() => setIsViewing(true)}
          sx={AREA_SX}
        >
          <ConfigurationFacts configuration={configuration} factsId={factsId} />
        </CardActionArea>
        {isViewing && (
          <OrderedConfigurationDialog configuration={configuration} open onClose={() => setIsViewing(false)} />
        )}
      </Card>
    );
  }
  return (
    <Card component="li" sx={{ minWidth: 0 }}>
      <CardActionArea
        component={RouterLink}
        to={reconfigurePath(productId, quoteId, id)}
        aria-label={reopenLabel(configuration)}
        aria-describedby={factsId}
        sx={AREA_SX}
      >
        <ConfigurationFacts configuration={configuration} factsId={factsId} />
      </CardActionArea>
    </Card>
  );
}
