import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { preloadAuthSchemas } from './auth-schemas';

const POINTS = [
  'Configure products with guided, valid choices',
  'Price and quote in one place',
  'Follow orders from quote to delivery',
];

/**
 * The sign-in screens' frame: a brand panel beside the forms on wide screens, the forms alone on phones. The forms'
 * validation (zod and the schemas) is not needed to show them: it loads at the first key, tap or autofill, long
 * before a submit needs it (a submit that comes first waits for it). `onActivity` is told at the same moment.
 */
export function AuthLayout({ children, onActivity }: { children: ReactNode; onActivity?: () => void }) {
  const handleActivity = () => {
    preloadAuthSchemas();
    onActivity?.();
  };
  return (
    <Box
      onKeyDownCapture={handleActivity}
      onPointerDownCapture={handleActivity}
      onInputCapture={handleActivity}
      sx={{
        flex: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', xl: 'minmax(0, 1fr) minmax(0, 1fr)' },
        maxWidth: 1200,
        width: '100%',
        mx: 'auto',
        px: { xs: 2, md: 4 },
        py: { xs: 3, md: 6 },
        gap: { xs: 3, xl: 8 },
        alignItems: 'center',
      }}
    >
      <Box sx={{ display: { xs: 'none', xl: 'block' } }}>
        <Typography variant="overline" color="primary">
          Configure · Price · Quote
        </Typography>
        <Typography variant="h1" sx={{ fontSize: '2.5rem', lineHeight: 1.15, mt: 1, mb: 2 }}>
          From the first option to the signed order.
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 460 }}>
          Open CPQ guides sales teams and customers through configurable products, builds the quote as they go and keeps
          every order in view.
        </Typography>
        <Stack spacing={1.5}>
          {POINTS.map((point) => (
            <Stack key={point} direction="row" spacing={1.25} sx={{ alignItems: 'center' }}>
              <CheckCircleOutlined color="primary" fontSize="small" />
              <Typography>{point}</Typography>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Stack spacing={2.5} sx={{ width: '100%', maxWidth: 460, mx: 'auto' }}>
        {children}
      </Stack>
    </Box>
  );
}
