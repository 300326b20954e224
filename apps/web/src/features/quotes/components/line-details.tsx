import type { TDetailItem, TQuoteLine } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { detailValue } from './quote-lines';

/** Caption and value pairs (a configured line's Details, a printed quote's Terms). */
export function DetailList({ items, label, currency }: { items: TDetailItem[]; label?: string; currency?: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
        columnGap: 3,
        rowGap: 0.5,
        maxWidth: 560,
      }}
    >
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: details may repeat a caption; their order is their identity
        <Box key={index} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.Caption}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {detailValue(item, currency)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A configured line's Details: caption and selection pairs. */
export function LineDetails({ line, currency }: { line: Pick<TQuoteLine, 'Details'>; currency?: string }) {
  return <DetailList items={line.Details} currency={currency} />;
}
