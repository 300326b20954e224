import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LogoMark } from '../../../app/shell/logo';

/**
 * The quote link's page around its content: the selling company's name as the header (no navigation, no sign-in:
 * the reader has no account), the content in one readable column.
 */
export function PortalFrame({ company, children }: { company: string | null; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="header"
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          px: { xs: 2, md: 4 },
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
        }}
      >
        <LogoMark size={28} />
        <Typography component="p" sx={{ fontWeight: 800, fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
          {company ?? '\u00a0'}
        </Typography>
      </Box>
      <Box
        component="main"
        sx={{ flex: 1, width: '100%', maxWidth: 960, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2.5, md: 4 } }}
      >
        {children}
      </Box>
    </Box>
  );
}
