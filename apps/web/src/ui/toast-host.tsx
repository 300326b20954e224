import { ALERT_DURATION_MS } from '@cpq/contracts';
import CloseRounded from '@mui/icons-material/CloseRounded';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, type SnackbarKey, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { PALETTE } from '../app/theme/theme';
import { TOAST_CLEARANCE_SELECTOR, TOAST_MAX_WIDTH_PX, TOAST_PHONE_MAX_PX, toastTop } from './toast-clearance';
import type { TToastVariant } from './use-toast';

export type TShowToast = (message: string, variant: TToastVariant) => void;

const PHONE = `@media (max-width:${TOAST_PHONE_MAX_PX}px)`;
const TOP_VARIABLE = '--toast-top';

// Toast colours from the theme palette so that text on each passes WCAG AA (notistack's amber does not).
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  fontFamily: theme.typography.fontFamily,
  fontWeight: 500,
  borderRadius: 12,
  boxShadow: theme.shadows[6],
  // Two classes, to win over notistack's own: the close button stays beside the message, however long.
  '&.notistack-MuiContent': {
    flexWrap: 'nowrap',
    maxWidth: TOAST_MAX_WIDTH_PX,
    padding: '4px 8px 4px 16px',
    [PHONE]: { fontSize: '0.875rem', padding: '2px 4px 2px 12px' },
  },
  // The close button's box (it follows the message).
  '& > div + div': { marginRight: 0, paddingLeft: 8, flexShrink: 0 },
  '&.notistack-MuiContent-success': {
    backgroundColor: PALETTE.light.success.main,
    color: PALETTE.light.success.contrastText,
  },
  '&.notistack-MuiContent-error': {
    backgroundColor: PALETTE.light.error.main,
    color: PALETTE.light.error.contrastText,
  },
  '&.notistack-MuiContent-warning': {
    backgroundColor: PALETTE.light.warning.main,
    color: PALETTE.light.warning.contrastText,
  },
  '&.notistack-MuiContent-info': {
    backgroundColor: PALETTE.light.text.primary,
    color: PALETTE.light.background.paper,
  },
}));

const TOAST_COMPONENTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

/**
 * The stack sits below the page's marked bars (toast-clearance.ts), narrow and right-aligned on phones too, and lets
 * clicks through to what is under it: only its close buttons take the pointer. A toast therefore never hides a
 * page's main buttons nor swallows a click meant for the page.
 */
const STACK_STYLES = {
  '.notistack-SnackbarContainer': {
    top: `var(${TOP_VARIABLE}, 72px) !important`,
    [PHONE]: { left: 'auto !important', width: 'auto !important', alignItems: 'flex-end' },
  },
  '.notistack-SnackbarContainer, .notistack-SnackbarContainer *': { pointerEvents: 'none !important' },
  '.notistack-SnackbarContainer .toast-close': { pointerEvents: 'auto !important' },
} as const;

/** Measures the marked bars and moves the stack below them, every frame while a toast is on screen. */
function placeStack(): boolean {
  const boxes = [...document.querySelectorAll(TOAST_CLEARANCE_SELECTOR)].map((element) =>
    element.getBoundingClientRect(),
  );
  const top = `${toastTop(boxes, { width: window.innerWidth, height: window.innerHeight })}px`;
  const root = document.documentElement.style;
  if (root.getPropertyValue(TOP_VARIABLE) !== top) root.setProperty(TOP_VARIABLE, top);
  return document.querySelector('.notistack-SnackbarContainer') !== null;
}

let isTracking = false;

/**
 * Places the stack now (before the new toast paints), then follows the page (it scrolls, a bar grows, the route
 * changes under the toast) until the last toast has gone.
 */
function trackStack() {
  placeStack();
  if (isTracking) return;
  isTracking = true;
  // The first frames run before notistack has mounted the stack: keep going until it has come and gone (or has
  // not come within a second, should the toast never render).
  let framesWithout = 0;
  let hasSeenStack = false;
  const step = () => {
    const isShown = placeStack();
    hasSeenStack ||= isShown;
    framesWithout = isShown ? 0 : framesWithout + 1;
    if (isShown || (!hasSeenStack && framesWithout < 60)) requestAnimationFrame(step);
    else isTracking = false;
  };
  requestAnimationFrame(step);
}

const closeButton = (key: SnackbarKey) => (
  <IconButton
    className="toast-close"
    size="small"
    color="inherit"
    aria-label="Dismiss"
    onClick={() => closeSnackbar(key)}
  >
    <CloseRounded fontSize="small" />
  </IconButton>
);

const showToast: TShowToast = (message, variant) => {
  trackStack();
  enqueueSnackbar(message, { variant, action: closeButton });
};

/** The toasts, top right for 6 seconds, at most three at a time; tells ToastProvider when it can take them. */
export function ToastHost({ onReady }: { onReady: (show: TShowToast) => void }) {
  useEffect(() => onReady(showToast), [onReady]);
  return (
    <>
      <GlobalStyles styles={STACK_STYLES} />
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={ALERT_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        Components={TOAST_COMPONENTS}
      />
    </>
  );
}
