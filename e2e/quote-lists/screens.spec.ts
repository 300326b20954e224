import { MSG } from '@cpq/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { listLoaded, signInAs } from '../admin/support/admin';
import { captureScreen } from '../support/a11y';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { freshUser, seedQuote } from './support';

const capture = (page: Page, name: string, testInfo: TestInfo) => captureScreen(page, `quote-lists-${name}`, testInfo);

test.describe('quote list screens: screenshots and axe', () => {
  // Four full-page screenshots and an axe run per screen: over a minute on a slow 2-core host.
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });

  test('dashboard with quotes, and the delete question', async ({ page, request }, testInfo) => {
    const user = await freshUser(request, 'qs-dashboard');
    await seedQuote(request, user.token, 'Warehouse dock doors', {
      customer: { firstName: 'Ann', lastName: 'Lee' },
      status: 'Submitted',
    });
    await seedQuote(request, user.token, 'Lobby entrance, north wing', {
      customer: { firstName: 'Bo', lastName: 'Chen' },
    });
    await seedQuote(request, user.token, 'Garage');
    await signInAs(page, request, user);
    await page.goto('/QuoteDashboard');
    await listLoaded(page);
    await expect(page.getByRole('cell', { name: 'Submitted' })).toBeVisible();
    await capture(page, 'dashboard', testInfo);
    // Usable on the narrowest phone: cards, and nothing wider than the screen.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByRole('button', { name: /^Quote #\d+ Garage$/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: /^Actions for Quote #\d+ Garage$/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('button', { name: MSG.yesDelete })).toBeVisible();
    await capture(page, 'delete-question', testInfo);
  });

  test('empty dashboard of a new user', async ({ page, request }, testInfo) => {
    const user = await freshUser(request, 'qs-empty');
    await signInAs(page, request, user);
    await page.goto('/QuoteDashboard');
    await listLoaded(page);
    await capture(page, 'dashboard-empty', testInfo);
  });

  test('admin list of the platform', async ({ page, request }, testInfo) => {
    await signInAs(page, request, DEMO.admin);
    await page.goto('/Quotes/default');
    await listLoaded(page);
    await capture(page, 'platform', testInfo);
  });
});
