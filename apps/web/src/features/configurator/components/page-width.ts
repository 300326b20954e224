/** The configurator's content column, the same width and gutters as the app's other pages. */
export const PAGE_WIDTH_SX = { width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 4 } } as const;
