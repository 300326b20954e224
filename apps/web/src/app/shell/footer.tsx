import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PROJECT_URL } from '../../lib/config';

/** The footer credits the provider with a 'Powered By' link (spec section 1). */
export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        py: 2.5,
        px: { xs: 2, md: 3 },
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'space-between',
        alignItems: 'center',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="body2" color="text.secondary">
        Configure, price, quote.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <Link href={PROJECT_URL} target="_blank" rel="noopener noreferrer" color="primary">
          Powered By Open CPQ
        </Link>
      </Typography>
    </Box>
  );
}
