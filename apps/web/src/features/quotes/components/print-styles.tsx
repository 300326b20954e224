import GlobalStyles from '@mui/material/GlobalStyles';

/** The element the browser prints: the Summary tab's printable quote. */
export const PRINT_AREA_ID = 'quote-print';

/**
 * The browser's print of the Summary tab, laid out as the printed PDF: only the printable quote (no shell, header,
 * tabs or buttons), black on white whatever the colour mode, on A4 or Letter with the PDF's margins.
 */
export function QuotePrintStyles() {
  return (
    <GlobalStyles
      styles={{
        '@media print': {
          '@page': { size: 'auto', margin: '14mm 12mm' },
          'html, body': { background: '#fff !important', color: '#000 !important' },
          'body *': { visibility: 'hidden' },
          'header, nav, footer, .no-print, [role="tablist"]': { display: 'none !important' },
          [`#${PRINT_AREA_ID}, #${PRINT_AREA_ID} *`]: {
            visibility: 'visible',
            color: '#000 !important',
            borderColor: '#c8c8c8 !important',
            boxShadow: 'none !important',
            printColorAdjust: 'exact',
          },
          [`#${PRINT_AREA_ID}`]: { position: 'absolute', inset: '0 0 auto 0', padding: 0, margin: 0 },
          [`#${PRINT_AREA_ID}, #${PRINT_AREA_ID} .MuiPaper-root`]: {
            background: '#fff !important',
            backgroundImage: 'none !important',
            border: '1px solid #c8c8c8',
          },
          [`#${PRINT_AREA_ID} .quote-comments`]: { maxHeight: 'none !important', overflow: 'visible !important' },
          [`#${PRINT_AREA_ID} .quote-brand`]: { color: '#B3122E !important' },
          [`#${PRINT_AREA_ID} tr, #${PRINT_AREA_ID} li`]: { breakInside: 'avoid' },
        },
      }}
    />
  );
}
