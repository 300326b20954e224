/**
 * Toasts stay clear of the page's main actions: a sticky header or a page's action bar carries TOAST_CLEARANCE, and
 * the toast stack starts below the lowest such element still on screen (toast-host.tsx). This module is tiny and
 * free of the toast renderer so that any page can mark its bar without loading notistack.
 */

/** Spread on an element toasts must never cover: `<Stack {...TOAST_CLEARANCE}>`. */
export const TOAST_CLEARANCE = { 'data-toast-clearance': '' } as const;

export const TOAST_CLEARANCE_SELECTOR = '[data-toast-clearance]';

/** The stack's top when nothing is marked (below the app bar). */
export const TOAST_DEFAULT_TOP_PX = 72;
/** Space between a marked element and the first toast. */
export const TOAST_GAP_PX = 8;
/** A toast's widest, so that the columns it may cover are known before it shows. */
export const TOAST_MAX_WIDTH_PX = 420;
/** The stack's distance from the window's right edge (notistack's: 20 px, 16 px on phones). */
const TOAST_RIGHT_PX = { phone: 16, wide: 20 } as const;
/** Below this width toasts are phone toasts (notistack's own breakpoint). */
export const TOAST_PHONE_MAX_PX = 599.95;
/** The room a toast keeps at the bottom of the window however low the marked elements reach. */
const MIN_ROOM_PX = 120;

export type TBox = { top: number; bottom: number; left: number; right: number };

/** The columns the toast stack may occupy in a window this wide: the right-hand TOAST_MAX_WIDTH_PX. */
export function toastColumn(viewportWidth: number): { left: number; right: number } {
  const margin = viewportWidth <= TOAST_PHONE_MAX_PX ? TOAST_RIGHT_PX.phone : TOAST_RIGHT_PX.wide;
  const right = viewportWidth - margin;
  return { left: Math.max(margin, right - TOAST_MAX_WIDTH_PX), right };
}

/**
 * Where the toast stack's top goes: below every marked element that is on screen and shares the stack's columns
 * (a bar scrolled out of view no longer counts), never above the default, and never so low that a toast has no room.
 */
export function toastTop(marked: readonly TBox[], viewport: { width: number; height: number }): number {
  const column = toastColumn(viewport.width);
  let top = TOAST_DEFAULT_TOP_PX;
  for (const box of marked) {
    const isOnScreen = box.bottom > 0 && box.top < viewport.height && box.bottom > box.top;
    const sharesColumns = box.right > column.left && box.left < column.right;
    if (isOnScreen && sharesColumns) top = Math.max(top, Math.ceil(box.bottom) + TOAST_GAP_PX);
  }
  return Math.max(TOAST_DEFAULT_TOP_PX, Math.min(top, viewport.height - MIN_ROOM_PX));
}
