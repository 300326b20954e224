/**
 * Stands in, in the production build, for MUI's CSS-variables theme machinery (vite.config.ts, `withoutCssVars`).
 * The app's theme is a plain one (createAppTheme never sets `cssVariables` or `colorSchemes`), so MUI never calls
 * these; were a theme to ask for CSS variables, it fails here at once instead of styling the page half-way.
 */
function unavailable(): never {
  throw new Error('MUI CSS-variables themes are left out of this build (see vite.config.ts)');
}

export default function createThemeWithVars(): never {
  return unavailable();
}

export function CssVarsProvider(): never {
  return unavailable();
}
