/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'artifacts', 'screenshots');
const THEMES = ['light', 'dark'] as const;
/** Phone (the spec's 360 px breakpoint) and desktop. */
const WIDTHS = [360, 1280] as const;
const HEIGHTS: Record<(typeof WIDTHS)[number], number> = { 360: 740, 1280: 800 };

type TShootOptions = { hideToasts?: boolean };

/**
 * Saves `<name>-<theme>-<width>.png` for light and dark at phone and desktop widths (full page). The theme follows
 * the emulated system preference (no Dark Mode choice is stored in the tab). Leaves the page as it found it.
 */
export async function shoot(page: Page, name: string, { hideToasts = true }: TShootOptions = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHTS[width] });
      // Let layout settle after the media change (theme switch and breakpoint), then wait for web fonts.
      await page.evaluate(async () => {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        await document.fonts.ready;
      });
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
