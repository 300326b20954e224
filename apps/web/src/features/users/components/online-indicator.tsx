import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Green dot online, red offline, with the word beside it so that colour is not the only signal. */
export function OnlineIndicator({ isOnline, showLabel = true }: { isOnline: boolean; showLabel?: boolean }) {
  const label = isOnline ? 'Online' : 'Offline';
  return (
    <Stack direction="row" component="span" sx={{ alignItems: 'center', gap: 0.75, display: 'inline-flex' }}>
      <Box
        component="span"
        role={showLabel ? undefined : 'img'}
        aria-label={showLabel ? undefined : label}
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: isOnline ? 'success.main' : 'error.main',
          boxShadow: (theme) =>
            isOnline
              ? `0 0 0 3px ${theme.palette.mode === 'dark' ? 'rgba(92,194,122,0.2)' : 'rgba(27,122,54,0.15)'}`
              : 'none',
        }}
      />
      {showLabel && (
        <Typography component="span" variant="body2" color="text.secondary">
          {label}
        </Typography>
      )}
    </Stack>
  );
}
