import type { TQuoteLine } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { detailValue } from './quote-lines';

/** A configured line's Details: caption and selection pairs. */
export function LineDetails({ line }: { line: TQuoteLine }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
        columnGap: 3,
        rowGap: 0.5,
        maxWidth: 560,
      }}
    >
      {line.Details.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: details may repeat a caption; their order is their identity
        <Box key={index} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {item.Caption}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {detailValue(item)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
