import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/** A real 404 for paths the app does not have. */
export function NotFoundPage() {
  return (
    <Stack
      spacing={2}
      sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', textAlign: 'center', py: 10, px: 3 }}
    >
      <Typography variant="overline" color="primary">
        Error 404
      </Typography>
      <Typography variant="h1">Page not found</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        The address may be mistyped, or the page may have moved.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 1 }}>
        Back to home
      </Button>
    </Stack>
  );
}
