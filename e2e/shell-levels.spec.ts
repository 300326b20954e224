import { msgLoggedInAs } from '@cpq/contracts';
import { DEMO } from './support/api';
import { expect, test } from './support/fixtures';
import { dashboardHeading, submitCredentials, toast } from './support/ui';

const LEVELS = [DEMO.visitor, DEMO.sales, DEMO.admin, DEMO.superAdmin];

/**
 * The header links of a level: Quotes, Quote Requests and Orders unless 0 (the spec's two and the requests list),
 * Approvals (every approver's, administrators included) and Administration from 5.
 */
function expectedLinks(username: string, level: number): [string, string][] {
  const links: [string, string][] = [];
  if (level !== 0) {
    links.push(['Quotes', '/QuoteDashboard']);
    links.push(['Quote Requests', '/QuoteRequests']);
    links.push(['Orders', `/Orders/${encodeURIComponent(username)}`]);
  }
  if (level >= 5) links.push(['Approvals', '/Approvals'], ['Administration', '/Administration']);
  return links;
}

test.describe('header and shell by role level', () => {
  test('signed out: the header offers Login only', async ({ page }) => {
    await page.goto('/Login');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveCount(1);
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login');
    await expect(page.getByRole('button', { name: /@/ })).toHaveCount(0);
  });

  for (const demo of LEVELS) {
    test(`level ${demo.level}: links, user menu, toast and sign-out`, async ({ page }) => {
      await submitCredentials(page, demo.username, demo.password);
      // The toast lasts 6 s from the sign-in's answer, so it is looked for before the dashboard, which a busy host
      // took longer than that to show (CI: 8.4 s from Login to the heading; the toast had gone when looked for).
      await expect(toast(page, msgLoggedInAs(demo.username))).toBeVisible();
      await expect(page).toHaveURL(/\/QuoteDashboard$/);
      await expect(dashboardHeading(page)).toBeVisible();

      const nav = page.getByRole('navigation', { name: 'Main' });
      const links = expectedLinks(demo.username, demo.level);
      await expect(nav.getByRole('link')).toHaveCount(links.length);
      for (const [name, href] of links) {
        // Approvals may carry the count waiting in its name ('Approvals, 2 waiting').
        const link =
          name === 'Approvals'
            ? nav.getByRole('link', { name: /^Approvals\b/ })
            : nav.getByRole('link', { name, exact: true });
        await expect(link).toHaveAttribute('href', href);
      }
      await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);

      await page.getByRole('button', { name: demo.username }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem')).toHaveText(['My Configurations', 'My Profile', 'Sign Out']);
      await expect(menu.getByRole('menuitem', { name: 'My Configurations' })).toHaveAttribute(
        'href',
        '/MyConfigurations',
      );
      await expect(menu.getByRole('menuitem', { name: 'My Profile' })).toHaveAttribute(
        'href',
        `/MyProfile/${encodeURIComponent(demo.username)}`,
      );
      await menu.getByRole('menuitem', { name: 'Sign Out' }).click();

      await expect(page).toHaveURL(/\/Login$/);
      await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
      expect(await page.evaluate(() => Object.keys(sessionStorage).concat(Object.keys(localStorage)))).not.toContain(
        'cpqSession',
      );
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' })).toBeVisible();
      await page.goto('/QuoteDashboard');
      await expect(page).toHaveURL(/\/Login$/);
    });
  }
});
