/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const THEMES = ['light', 'dark'] as const;
/** Phone (the spec's 360 px breakpoint) and desktop. */
const WIDTHS = [360, 1280] as const;
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 360: 740, 1280: 800 };

/** The longest a screenshot waits for the CSS transitions still running (MUI's last 150-375 ms). */
const TRANSITION_WAIT_MS = 2000;

/**
 * Waits until a theme or breakpoint change has been painted: two frames, web fonts, and every CSS transition (MUI
 * animates colours for 250 ms, and a half-finished transition would be measured or photographed otherwise). The
 * transitions are waited for until the longest of them should have ended, plus a margin, and never over
 * TRANSITION_WAIT_MS: one whose `finished` never settled once held a screenshot test until its 180 s timeout.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async (maxWait) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    const remaining = transitions.map((transition) => {
      const end = Number(transition.effect?.getComputedTiming().endTime ?? 0);
      return end - Number(transition.currentTime ?? 0);
    });
    const wait = Math.min(maxWait, Math.max(0, ...remaining) + 100);
    await Promise.race([
      Promise.all(transitions.map((transition) => transition.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, wait)),
    ]);
  }, TRANSITION_WAIT_MS);
}

type TShootOptions = { hideToasts?: boolean; widths?: readonly number[] };

/**
 * Saves `<name>-<theme>-<width>.png` for light and dark at phone and desktop widths (full page; other widths when
 * asked). The theme follows
 * the emulated system preference (no Dark Mode choice is stored in the tab). Leaves the page as it found it.
 */
export async function shoot(
  page: Page,
  name: string,
  { hideToasts = true, widths = WIDTHS }: TShootOptions = {},
): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 1000 ? HEIGHTS[360] : HEIGHTS[1280] });
      // From the top: a full-page capture of a scrolled page paints the sticky header mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await settle(page);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `${name}-${theme}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
        caret: 'hide',
        style: hideToasts ? '.notistack-SnackbarContainer { visibility: hidden !important; }' : undefined,
      });
    }
  }
  if (original) await page.setViewportSize(original);
  await page.emulateMedia({ colorScheme: null });
}

/**
 * Saves `<name>-<theme>-<width>.png` of the window as it is now, light and dark, without changing its size (a
 * resize across a breakpoint would remount the screen and lose what is typed or shown, a toast say).
 */
export async function shootAsIs(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${theme}-${width}.png`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: null });
}
