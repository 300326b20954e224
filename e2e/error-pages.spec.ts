import { MSG } from '@cpq/contracts';
import { DEMO } from './support/api';
import { expect, test } from './support/fixtures';
import { SIGN_IN_CHUNK } from './support/screens';
import { dashboardHeading, signInWithPassword } from './support/ui';

test.describe('error pages', () => {
  test('an unknown route shows the 404 page to a signed-in user', async ({ page }) => {
    await signInWithPassword(page, DEMO.sales.username, DEMO.sales.password);
    await page.goto('/no/such/page');
    await expect(page.getByText('Error 404')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(dashboardHeading(page, 'Quotes')).toBeVisible();
  });

  test('an unknown route sends a signed-out visitor to /Login', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/Login$/);
  });

  test('a rendering error (the page cannot load) shows the Oops page inside the shell; refreshing recovers', async ({
    page,
  }) => {
    await page.route(SIGN_IN_CHUNK, (route) => route.abort());
    await page.goto('/Login');
    await expect(page.getByRole('heading', { level: 1, name: MSG.renderError })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open CPQ home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Powered By Open CPQ' })).toBeVisible();

    await page.unroute(SIGN_IN_CHUNK);
    await page.getByRole('button', { name: 'Refresh the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });
});
