import Box from '@mui/material/Box';
import { QuickConfigCards } from '../../catalog/components/quick-config-cards';

/**
 * What the signed-in home offered besides its links: the quick-config cards, under the dashboard's list. (The
 * Product Catalog button sits in the list's toolbar.) Same width and gutters as the list above it.
 */
export function StartConfiguring() {
  return (
    <Box sx={{ width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 1.5, md: 3, xl: 4 }, pb: { xs: 3, md: 5 } }}>
      <QuickConfigCards />
    </Box>
  );
}
