import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { dashboardHeading } from '../support/ui';
import { signInAs } from './support/admin';

/** The spec's cards, in order: every admin level, then from level 5 (with Integration Jobs), then level 9 only. */
const LEVEL5_CARDS: [string, string][] = [
  ['Users', '/Users'],
  ['Products', '/Products'],
  ['Customers', '/Customers'],
  ['Addresses', '/Addresses'],
  ['Price Lists', '/PriceLists'],
  ['Approval Rules', '/ApprovalRules'],
  ['Status Types', '/StatusTypes'],
  ['Platform Settings', '/Platforms/edit/default'],
  ['Integration Jobs', '/Jobs'],
];
const LEVEL9_CARDS: [string, string][] = [
  ...LEVEL5_CARDS,
  ['Role Management', '/Role/default'],
  ['Platforms', '/Platforms'],
];

test.describe('/Administration', () => {
  for (const [who, cards] of [
    [DEMO.admin, LEVEL5_CARDS],
    [DEMO.superAdmin, LEVEL9_CARDS],
  ] as const) {
    test(`level ${who.level}: the cards of the level, in the spec's order, with no search, pager or toggle`, async ({
      page,
      request,
    }) => {
      await signInAs(page, request, who);
      await page.goto('/Administration');
      await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
      const links = page.getByRole('main').getByRole('listitem').getByRole('link');
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(cards.map(([title]) => title));
      await expect(links).toHaveCount(cards.length);
      for (const [index, [, href]] of cards.entries()) await expect(links.nth(index)).toHaveAttribute('href', href);
      await expect(page.getByRole('searchbox')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Card view' })).toHaveCount(0);
    });
  }

  test('each level-9 card opens its screen', async ({ page, request }) => {
    await signInAs(page, request, DEMO.superAdmin);
    const headings: Record<string, string> = {
      Users: 'Users',
      Products: 'Products',
      Customers: 'Customers',
      Addresses: 'Addresses',
      'Price Lists': 'Price Lists',
      'Approval Rules': 'Approval Rules',
      'Status Types': 'Status Types',
      'Platform Settings': 'Edit System Settings',
      'Integration Jobs': 'Integration Jobs',
      'Role Management': 'Role Management',
      Platforms: 'Platforms',
    };
    await page.goto('/Administration');
    for (const [card, href] of LEVEL9_CARDS) {
      await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
      await page.getByRole('link', { name: new RegExp(`^${card}\\b`) }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1, name: headings[card], exact: true })).toBeVisible();
      await page.goBack();
    }
  });

  for (const who of [DEMO.visitor, DEMO.sales]) {
    test(`level ${who.level} is sent away from every administration route`, async ({ page, request }) => {
      await signInAs(page, request, who);
      for (const path of [
        '/Administration',
        '/Users',
        '/Users/create',
        '/Role/default',
        '/Products',
        '/PriceLists',
        '/ApprovalRules',
        '/Platforms',
        '/Jobs',
      ]) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/(QuoteDashboard)?$/);
        await expect(dashboardHeading(page, who.level === 0 ? 'Quote Requests' : 'Quotes')).toBeVisible();
      }
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Administration' }),
      ).toHaveCount(0);
    });
  }
});
