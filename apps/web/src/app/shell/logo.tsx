import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';

/** The Open CPQ mark: a configurable cube on a crimson tile (amber edges are the "chosen" options). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#B3122E" />
      <path
        d="M16 6.5 24.5 11v10L16 25.5 7.5 21V11z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M7.5 11 16 15.5 24.5 11M16 15.5v10"
        fill="none"
        stroke="#FFC233"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark plus the product name, as the header shows it. */
export function Logo() {
  const theme = useTheme();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark />
      <Box
        component="span"
        sx={{ fontWeight: 800, fontSize: '1.125rem', letterSpacing: '-0.01em', color: theme.palette.text.primary }}
      >
        Open{' '}
        <Box component="span" sx={{ color: 'primary.main' }}>
          CPQ
        </Box>
      </Box>
    </Box>
  );
}
