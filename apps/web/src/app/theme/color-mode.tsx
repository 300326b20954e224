import type { PaletteMode } from '@mui/material';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import { createAppTheme } from './theme';

/** Session-storage key of the Dark Mode toggle (spec: remembered under `darkMode`). */
export const DARK_MODE_KEY = 'darkMode';

type TColorMode = { mode: PaletteMode; toggleMode: () => void };

const ColorModeContext = createContext<TColorMode | null>(null);

/** The remembered choice: 'true' or 'false' in session storage, or null when the user never toggled. */
export function readDarkModeChoice(): boolean | null {
  try {
    const value = window.sessionStorage.getItem(DARK_MODE_KEY);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}

/**
 * Whether a media query matches, kept current. The browser's matchMedia, read as it changes (MUI's useMediaQuery does
 * the same with more options than the theme needs, on the first screen's code).
 */
function useMatchMedia(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/**
 * Light or dark theme: the Dark Mode toggle when used this session, otherwise the system preference; with reduced
 * motion when the system asks for it.
 */
export function ColorModeProvider({ children }: { children: ReactNode }) {
  const prefersDark = useMatchMedia('(prefers-color-scheme: dark)');
  const prefersLessMotion = useMatchMedia('(prefers-reduced-motion: reduce)');
  const [choice, setChoice] = useState<boolean | null>(readDarkModeChoice);
  const isDark = choice ?? prefersDark;

  const toggleMode = useCallback(() => {
    const next = !isDark;
    setChoice(next);
    try {
      window.sessionStorage.setItem(DARK_MODE_KEY, String(next));
    } catch {
      // Storage can be unavailable (private mode); the choice still holds for this page.
    }
  }, [isDark]);

  const mode: PaletteMode = isDark ? 'dark' : 'light';
  const motion = prefersLessMotion ? 'reduced' : 'full';
  const theme = useMemo(() => createAppTheme(mode, motion), [mode, motion]);
  const value = useMemo(() => ({ mode, toggleMode }), [mode, toggleMode]);

  return (
    <ColorModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext>
  );
}

export function useColorMode(): TColorMode {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error('useColorMode needs ColorModeProvider');
  return value;
}
