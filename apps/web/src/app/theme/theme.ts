import { BREAKPOINTS } from '@cpq/contracts';
import type { PaletteMode } from '@mui/material';
import { createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/**
 * Colours picked for WCAG AA: white on the light crimson is 6.9:1, dark text on the dark-mode crimson 6.4:1,
 * and both crimsons read at 4.5:1 or better as text on their own backgrounds (theme.test.ts checks every pair).
 */
export const PALETTE = {
  light: {
    primary: { main: '#B3122E', dark: '#8C0D23', light: '#D23A53', contrastText: '#FFFFFF' },
    secondary: { main: '#FFB300', dark: '#C78A00', light: '#FFCA4D', contrastText: '#1A1A1A' },
    background: { default: '#F6F4F4', paper: '#FFFFFF' },
    text: { primary: '#1F1A1C', secondary: '#5C5557' },
    divider: 'rgba(31, 26, 28, 0.12)',
    success: { main: '#1B7A36', contrastText: '#FFFFFF' },
    error: { main: '#C62828', contrastText: '#FFFFFF' },
    warning: { main: '#FFB300', contrastText: '#1A1A1A' },
  },
  dark: {
    primary: { main: '#F2667A', dark: '#D9485E', light: '#F68C9B', contrastText: '#1A0A0D' },
    secondary: { main: '#FFC233', dark: '#FFB300', light: '#FFD470', contrastText: '#1A1A1A' },
    background: { default: '#131012', paper: '#1D191B' },
    text: { primary: '#F4EFF0', secondary: '#B9B0B3' },
    divider: 'rgba(244, 239, 240, 0.12)',
    success: { main: '#5CC27A', contrastText: '#0B1F10' },
    error: { main: '#FF7B7B', contrastText: '#230707' },
    warning: { main: '#FFC233', contrastText: '#1A1A1A' },
  },
} as const;

const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/**
 * How much the interface moves: 'reduced' when the system asks for less motion (`prefers-reduced-motion: reduce`,
 * WCAG 2.3.3): menus, dialogs, panels and collapsing sections then appear and go at once, and buttons do not ripple.
 * Progress indicators still turn (they say that something is happening).
 */
export type TMotion = 'full' | 'reduced';

/** Every duration the theme gives MUI's transitions, at 0. */
const NO_DURATIONS = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

/**
 * The app's theme for one colour mode: crimson and amber, 15 px corners, the spec's breakpoints, and MUI's
 * motion, or none of it when `motion` is 'reduced' (see {@link TMotion}).
 */
export function createAppTheme(mode: PaletteMode, motion: TMotion = 'full'): Theme {
  const colors = PALETTE[mode];
  const isReduced = motion === 'reduced';
  return createTheme({
    palette: { mode, contrastThreshold: 4.5, ...colors },
    ...(isReduced
      ? { transitions: { duration: NO_DURATIONS, create: () => 'none', getAutoHeightDuration: () => 0 } }
      : {}),
    shape: { borderRadius: 15 },
    // 320 px is the narrowest supported screen; xs starts at 0 so base styles need no media query.
    breakpoints: { values: { ...BREAKPOINTS, xs: 0 } },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.02em' },
      h2: { fontSize: '1.625rem', fontWeight: 700, letterSpacing: '-0.015em' },
      h3: { fontSize: '1.375rem', fontWeight: 650 },
      h4: { fontSize: '1.25rem', fontWeight: 650 },
      h5: { fontSize: '1.125rem', fontWeight: 600 },
      h6: { fontSize: '1rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
      overline: { fontWeight: 700, letterSpacing: '0.08em' },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { WebkitFontSmoothing: 'antialiased', MozOsxFontSmoothing: 'grayscale' },
          '#root': { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
        },
      },
      MuiButtonBase: { defaultProps: { disableRipple: isReduced } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 10, paddingInline: 18 }, sizeLarge: { minHeight: 48 } },
      },
      MuiIconButton: { styleOverrides: { root: { borderRadius: 10 } } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: {
          root: ({ theme }) => ({
            borderColor: theme.palette.divider,
            boxShadow:
              mode === 'light' ? '0 1px 2px rgba(31, 26, 28, 0.04), 0 8px 24px rgba(31, 26, 28, 0.06)' : 'none',
          }),
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiOutlinedInput: { styleOverrides: { root: { borderRadius: 10 } } },
      // Spec section 9: modal fade 200 ms (MUI's own is 225 in, 195 out).
      MuiDialog: { defaultProps: { transitionDuration: isReduced ? 0 : 200 } },
      MuiMenu: { defaultProps: { slotProps: { paper: { elevation: 4 } } } },
      MuiTooltip: { defaultProps: { arrow: true } },
      MuiLink: { defaultProps: { underline: 'hover' }, styleOverrides: { root: { fontWeight: 600 } } },
    },
  });
}
