/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The theme the page is painted in, read from the page background MUI's CssBaseline sets. */
async function paintedTheme(page: Page): Promise<'light' | 'dark'> {
  const rgb = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 'dark' : 'light';
}

const toggle = (page: Page) => page.getByRole('button', { name: 'Dark Mode' });

test.describe('Dark Mode', () => {
  test.use({ colorScheme: 'light' });

  test('the toggle switches the theme and is kept in sessionStorage under darkMode across reloads', async ({
    page,
  }) => {
    await page.goto('/Login');
    expect(await paintedTheme(page)).toBe('light');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => sessionStorage.getItem('darkMode'))).toBeNull();

    await toggle(page).click();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => paintedTheme(page)).toBe('dark');
    expect(await page.evaluate(() => sessionStorage.getItem('darkMode'))).toBe('true');

    await page.reload();
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await paintedTheme(page)).toBe('dark');

    await toggle(page).click();
    await expect.poll(() => paintedTheme(page)).toBe('light');
    expect(await page.evaluate(() => sessionStorage.getItem('darkMode'))).toBe('false');
    // An explicit light choice wins over a dark system preference for the rest of the tab's life.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    expect(await paintedTheme(page)).toBe('light');
  });

  test('a new tab follows the system preference, not another tab’s choice', async ({ page, context }) => {
    await page.goto('/Login');
    await toggle(page).click();
    await expect.poll(() => paintedTheme(page)).toBe('dark');

    const newTab = await context.newPage();
    await newTab.goto('/Login');
    await expect(toggle(newTab)).toBeVisible();
    expect(await paintedTheme(newTab)).toBe('light');
    expect(await newTab.evaluate(() => sessionStorage.getItem('darkMode'))).toBeNull();
  });

  test('without a choice the theme follows the system preference, also when it changes', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/Login');
    await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
    expect(await paintedTheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => paintedTheme(page)).toBe('light');
    await context.close();
  });
});
