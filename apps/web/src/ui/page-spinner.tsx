import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner filling the page area while something essential loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: 240, py: 8 }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
