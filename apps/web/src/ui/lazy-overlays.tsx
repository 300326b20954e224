import type { DialogProps } from '@mui/material/Dialog';
import type { DrawerProps } from '@mui/material/Drawer';
import type { MenuProps } from '@mui/material/Menu';
import type { PopoverProps } from '@mui/material/Popover';
import { Suspense, useState } from 'react';
import { lazyPart, usePreloadWhenIdle } from './lazy-part';

// MUI's overlays share the modal machinery (focus trap, portal, backdrop, transitions): about 10 KB of gzip code that
// a page needs only once one opens. These stand-ins render nothing until then, load it when the browser is idle
// after the first paint, and stay mounted after the first opening so that closing keeps its transition.
const MuiMenu = lazyPart(() => import('@mui/material/Menu').then((m) => m.default));
const MuiPopover = lazyPart(() => import('@mui/material/Popover').then((m) => m.default));
const MuiDialog = lazyPart(() => import('@mui/material/Dialog').then((m) => m.default));
const MuiDrawer = lazyPart(() => import('@mui/material/Drawer').then((m) => m.default));

/** Loads every overlay now (tests render them without suspending after it). */
export async function loadOverlays(): Promise<void> {
  await Promise.all([MuiMenu.load(), MuiPopover.load(), MuiDialog.load(), MuiDrawer.load()]);
}

/** True from the first render with `open` on. */
function useHasOpened(open: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(open);
  if (open && !hasOpened) setHasOpened(true);
  return hasOpened || open;
}

/** MUI's Menu, loaded when first opened (a menu opens on a click: nothing shows before it, so no fallback). */
export function LazyMenu(props: MenuProps) {
  usePreloadWhenIdle(MuiMenu);
  if (!useHasOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <MuiMenu {...props} />
    </Suspense>
  );
}

/** MUI's Popover, loaded when first opened. */
export function LazyPopover(props: PopoverProps) {
  usePreloadWhenIdle(MuiPopover);
  if (!useHasOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <MuiPopover {...props} />
    </Suspense>
  );
}

/** MUI's Dialog, loaded when first opened. */
export function LazyDialog(props: DialogProps) {
  usePreloadWhenIdle(MuiDialog);
  if (!useHasOpened(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <MuiDialog {...props} />
    </Suspense>
  );
}

/** MUI's Drawer, loaded when first opened. */
export function LazyDrawer(props: DrawerProps) {
  usePreloadWhenIdle(MuiDrawer);
  if (!useHasOpened(props.open ?? false)) return null;
  return (
    <Suspense fallback={null}>
      <MuiDrawer {...props} />
    </Suspense>
  );
}
