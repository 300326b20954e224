import Box from '@mui/material/Box';

/** How many wait behind a header link: a small pill, read out as 'N waiting' (the link's name stays first). */
export function NavCount({ count }: { count: number }) {
  return (
    <Box
      component="span"
      sx={{
        ml: 0.75,
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: 12,
        fontWeight: 700,
        lineHeight: 1,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      <span aria-hidden>{count}</span>
      <Box component="span" sx={visuallyHidden}>{`, ${count} waiting`}</Box>
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
