import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SCREENSHOT_DIR, settle } from './shoot';

/**
 * Saves `<name>-<theme>-390.png` for light and dark at 390 px (a common phone, wider than shoot's 360), full page.
 * Leaves the page as it found it.
 */
export async function shootPhone(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, `${name}-${theme}-390.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
      style: '.notistack-SnackbarContainer { visibility: hidden !important; }',
    });
  }
  if (original) await page.setViewportSize(original);
  await page.emulateMedia({ colorScheme: null });
}
