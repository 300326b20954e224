import { MSG } from '@cpq/contracts';
import type { Page, TestInfo } from '@playwright/test';
import { captureScreen } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { call, listLoaded, listUi, signInAs, uniqueTag } from './support/admin';

/**
 * Every administration screen (list, form or panel, confirm dialog): screenshots in light and dark at 360 and
 * 1280 px (e2e/artifacts/screenshots/admin-<name>-<theme>-<width>.png), then axe in light and dark (no serious
 * or critical violations).
 */
const capture = (page: Page, name: string, testInfo: TestInfo) => captureScreen(page, `admin-${name}`, testInfo);

/** A list with its rows loaded. */
async function listReady(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(listUi(page).heading(title)).toBeVisible();
  await listLoaded(page);
}

test.describe('administration screens: screenshots and axe', () => {
  // Independent screens: spread over both workers.
  // Each capture is four full-page screenshots and an axe run: up to 16 screenshots a test, over a minute on a slow
  // 2-core host with both workers busy.
  test.describe.configure({ mode: 'parallel', timeout: 180_000 });

  test('Administration', async ({ page, request }, testInfo) => {
    await signInAs(page, request);
    await page.goto('/Administration');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await capture(page, 'administration', testInfo);
  });

  test('Users: list, bulk-delete confirm, create with errors, edit', async ({ page, request }, testInfo) => {
    await signInAs(page, request);
    await listReady(page, '/Users', 'Users');
    await capture(page, 'users', testInfo);
    const selectable = page.getByRole('checkbox', { name: /^Select .*@/ });
    await selectable.nth(0).check();
    await selectable.nth(1).check();
    await page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(MSG.deleteUsersQuestion)).toBeVisible();
    await capture(page, 'users-bulk-delete', testInfo);
    await page.getByRole('button', { name: MSG.noCancel }).click();

    await page.goto('/Users/create');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MSG.emailRequired)).toBeVisible();
    await capture(page, 'user-create-errors', testInfo);
    await page.goto(`/Users/edit/${encodeURIComponent('sales@demo.opencpq.dev')}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Editing User: / })).toBeVisible();
    await page.getByRole('button', { name: 'Update Password' }).click();
    await capture(page, 'user-edit', testInfo);
  });

  test('Role Management: cards, Editing Role panel, delete warning', async ({ page, request }, testInfo) => {
    const session = await signInAs(page, request);
    const name = `Screenshot ${uniqueTag('')}`;
    await call(request, session.token, 'roleManagement/createRole', {
      input: { name, description: 'A role to show the delete warning.', roleLevel: 2 },
    });
    await page.goto('/Role/default');
    await expect(page.getByRole('button', { name: `${name}, level 2` })).toBeVisible();
    await capture(page, 'roles', testInfo);
    await page.getByRole('button', { name: `${name}, level 2` }).click();
    await expect(page.getByRole('dialog', { name: 'Editing Role' })).toBeVisible();
    await capture(page, 'role-panel', testInfo);
    await page.getByRole('dialog', { name: 'Editing Role' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete role' })).toBeVisible();
    await capture(page, 'role-delete', testInfo);
  });

  test('Products: list, create (fixed price and configurable), edit', async ({ page, request }, testInfo) => {
    await signInAs(page, request);
    await listReady(page, '/Products', 'Products');
    await capture(page, 'products', testInfo);
    await page.goto('/Products/create');
    await page.getByRole('button', { name: 'Fixed Price' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(MSG.fieldRequired).first()).toBeVisible();
    await capture(page, 'product-create-fixed', testInfo);
    await page.getByRole('button', { name: 'Configurable' }).click();
    await expect(page.getByRole('checkbox', { name: /^Quick Configure/ })).toBeVisible();
    await capture(page, 'product-create-configurable', testInfo);
    await page.goto('/Products');
    await listUi(page).rows.first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Editing Product: / })).toBeVisible();
    await capture(page, 'product-edit', testInfo);
  });

  test('Platforms: list, create, Edit System Settings', async ({ page, request }, testInfo) => {
    await signInAs(page, request);
    await listReady(page, '/Platforms', 'Platforms');
    await capture(page, 'platforms', testInfo);
    await page.goto('/Platforms/create');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Platform id is required.')).toBeVisible();
    await capture(page, 'platform-create-errors', testInfo);
    await page.goto('/Platforms/edit/default');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit System Settings' })).toBeVisible();
    await capture(page, 'platform-edit', testInfo);
  });

  test('Status Types: list, panel with its messages, delete confirm', async ({ page, request }, testInfo) => {
    await signInAs(page, request);
    await listReady(page, '/StatusTypes', 'Status Types');
    await capture(page, 'status-types', testInfo);
    await page.getByRole('button', { name: 'Create Status Type' }).click();
    const panel = page.getByRole('dialog', { name: 'Create Status Type' });
    await panel.getByRole('spinbutton', { name: 'Role Level' }).fill('10');
    await panel.getByRole('spinbutton', { name: 'Display Order' }).fill('-1');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText(MSG.statusLevelMax)).toBeVisible();
    await capture(page, 'status-type-panel-errors', testInfo);
  });

  test('Customers: list, panel, delete confirm', async ({ page, request }, testInfo) => {
    await signInAs(page, request);
    await listReady(page, '/Customers', 'Customers');
    await capture(page, 'customers', testInfo);
    await listUi(page).rows.first().click();
    await expect(page.getByRole('dialog', { name: /^Editing Customer: / })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Loading customer' })).toHaveCount(0);
    await capture(page, 'customer-panel', testInfo);
    await page.getByRole('button', { name: 'Close' }).click();
    await listUi(page)
      .rows.first()
      .getByRole('button', { name: /^Delete customer/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeVisible();
    await capture(page, 'customer-delete', testInfo);
  });

  test('Addresses: list, panel with the Zip message, delete confirm', async ({ page, request }, testInfo) => {
    await signInAs(page, request);
    await listReady(page, '/Addresses', 'Addresses');
    await capture(page, 'addresses', testInfo);
    await page.getByRole('button', { name: 'Create Address' }).click();
    const panel = page.getByRole('dialog', { name: 'Create Address' });
    await panel.getByRole('textbox', { name: 'Zip' }).fill('ABC');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText(MSG.zipFormat)).toBeVisible();
    await capture(page, 'address-panel-errors', testInfo);
    await panel.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await listUi(page)
      .rows.first()
      .getByRole('button', { name: /^Delete address/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeVisible();
    await capture(page, 'address-delete', testInfo);
  });
});
