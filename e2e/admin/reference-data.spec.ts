import { MSG, msgAddressDeleted, msgContactDeleted, msgSaved } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/ui';
import {
  call,
  choose,
  columnHeader,
  columnTexts,
  expectColumns,
  inBatches,
  listUi,
  pageNumbers,
  searchFor,
  signInAs,
  sortBy,
  uniqueTag,
} from './support/admin';

const panelNamed = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

test.describe('/StatusTypes', () => {
  const PATH = 'statusTypesMgmt/getStatusTypes';

  test('create with the spec’s messages, edit, search, sort, page and delete', async ({ page, request }) => {
    const session = await signInAs(page, request);
    const tag = uniqueTag('st');
    // 13 of them: one more than the smallest page, so that the pager shows.
    await inBatches(13, 4, (index) =>
      call(request, session.token, 'statusTypesMgmt/createStatusType', {
        input: { name: `${tag} ${String(index).padStart(2, '0')}`, roleLevel: index % 10, displayOrder: 100 + index },
      }),
    );
    await page.goto('/StatusTypes');
    const ui = listUi(page);
    await expect(ui.heading('Status Types')).toBeVisible();
    await expectColumns(page, ['Name', 'Role Level', 'Visible', 'Display Order', 'Actions'], { allowPlatform: true });
    // Default order: display order ascending.
    await expect
      .poll(() => columnTexts(page, 'Display Order'))
      .toEqual([...(await columnTexts(page, 'Display Order'))].sort((a, b) => Number(a) - Number(b)));

    await searchFor(page, PATH, tag);
    await expect(ui.range).toHaveText('1–12 of 13');
    expect(await pageNumbers(page)).toEqual([1, 2]);
    await ui.pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(ui.rows).toHaveCount(1);
    await expect(ui.rows.first().locator('td').first()).toHaveText(`${tag} 12`);
    await sortBy(page, PATH, 'Name');
    await sortBy(page, PATH, 'Name');
    await expect(columnHeader(page, 'Name')).toHaveAttribute('aria-sort', 'descending');
    await expect(ui.currentPage).toHaveText('1');
    await expect(ui.rows.first().locator('td').first()).toHaveText(`${tag} 12`);

    // Create: the messages appear on submit only.
    await page.getByRole('button', { name: 'Create Status Type' }).click();
    const panel = panelNamed(page, 'Create Status Type');
    const roleLevel = panel.getByRole('spinbutton', { name: 'Role Level' });
    const displayOrder = panel.getByRole('spinbutton', { name: 'Display Order' });
    await roleLevel.fill('-1');
    await displayOrder.fill('-1');
    await expect(panel.getByText(MSG.statusLevelMin)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText(MSG.fieldRequired, { exact: true })).toBeVisible();
    await expect(panel.getByText(MSG.statusLevelMin, { exact: true })).toBeVisible();
    await expect(panel.getByText(MSG.displayOrderMin, { exact: true })).toBeVisible();
    await roleLevel.fill('10');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText(MSG.statusLevelMax, { exact: true })).toBeVisible();

    const name = `${tag} created`;
    await panel.getByRole('textbox', { name: 'Name' }).fill(name);
    await roleLevel.fill('5');
    await displayOrder.fill('7');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('created', 'Status Type'))).toBeVisible();
    await expect(panel).toHaveCount(0);
    const row = ui.rows.filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.locator('td').nth(1)).toHaveText('5');
    await expect(row.locator('td').nth(2)).toHaveText('Visible');

    // Edit from the row: hidden now.
    await row.click();
    const editor = panelNamed(page, `Editing Status Type: ${name}`);
    await expect(editor.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await editor.getByRole('switch', { name: 'Visible' }).uncheck();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('updated', 'Status Type'))).toBeVisible();
    await expect(row.locator('td').nth(2)).toHaveText('Hidden');

    // Delete from the Actions cell.
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(confirm).toContainText(`Are you sure you want to delete ${name}?`);
    await confirm.getByRole('button', { name: MSG.yesDelete }).click();
    await expect(toast(page, 'Successfully deleted Status Type')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});

test.describe('/Customers', () => {
  const PATH = 'customerManagement/getCustomers';

  test('create with the billing address and the spec’s messages, edit, search, sort, page and delete', async ({
    page,
    request,
  }) => {
    const session = await signInAs(page, request);
    const tag = uniqueTag('cu');
    await inBatches(50, 6, (index) =>
      call(request, session.token, 'customerManagement/createCustomer', {
        input: {
          erpId: `${tag}-${String(index).padStart(2, '0')}`,
          firstName: 'Seeded',
          lastName: `${tag}${String(index).padStart(2, '0')}`,
          email: `${tag}-${index}@customers.example.com`,
          phone: '5125550100',
        },
      }),
    );
    await page.goto('/Customers');
    const ui = listUi(page);
    await expect(ui.heading('Customers')).toBeVisible();
    await expectColumns(page, ['ID', 'Name', 'Phone', 'Email', 'Platform', 'Actions']);

    await searchFor(page, PATH, tag);
    await expect(ui.range).toHaveText('1–12 of 50');
    expect(await pageNumbers(page)).toEqual([1, 2, 3, 4, 5]);
    await expect(ui.rows.first().locator('td').nth(2)).toHaveText('(512) 555-0100');
    await choose(page, ui.pageSize, '48');
    await expect(ui.range).toHaveText('1–48 of 50');
    expect(await pageNumbers(page)).toEqual([1, 2]);
    await choose(page, ui.pageSize, '12');
    await sortBy(page, PATH, 'ID');
    await expect(columnHeader(page, 'ID')).toHaveAttribute('aria-sort', 'descending');
    const ids = (await columnTexts(page, 'ID')).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await sortBy(page, PATH, 'Name');
    await expect(ui.rows.first().locator('td').nth(1)).toHaveText(`Seeded ${tag}00`);

    // Create: ERP ID, e-mail and Zip messages on submit.
    await page.getByRole('button', { name: 'Create Customer' }).click();
    const panel = panelNamed(page, 'Create Customer');
    await panel.getByRole('textbox', { name: 'Email' }).fill('nope');
    await panel.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Elm St');
    await panel.getByRole('textbox', { name: 'Zip' }).fill('ABCDE');
    await expect(panel.getByText(MSG.erpIdRequired)).toHaveCount(0);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText(MSG.erpIdRequired, { exact: true })).toBeVisible();
    await expect(panel.getByText(MSG.invalidEmail, { exact: true })).toBeVisible();
    await expect(panel.getByText(MSG.zipFormat, { exact: true })).toBeVisible();

    const erpId = `${tag}-new`;
    await panel.getByRole('textbox', { name: 'ERP ID' }).fill(erpId);
    await panel.getByRole('textbox', { name: 'First Name' }).fill('Nora');
    await panel.getByRole('textbox', { name: 'Last Name' }).fill(`New${tag}`);
    await panel.getByRole('textbox', { name: 'Email' }).fill(`${tag}@nora.example.com`);
    await panel.getByRole('textbox', { name: 'City' }).fill('Austin');
    await choose(page, panel.getByRole('combobox', { name: /^State/ }), 'Texas');
    await panel.getByRole('textbox', { name: 'Zip' }).fill('78701');
    const dealer = panel.getByRole('switch', { name: /^Dealer pricing/ });
    await expect(dealer).not.toBeChecked();
    await dealer.check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('created', 'Customer'))).toBeVisible();
    await expect(panel).toHaveCount(0);

    await searchFor(page, PATH, erpId);
    const row = ui.rows.first();
    await expect(row.locator('td').nth(1)).toHaveText(`Nora New${tag}`);
    const id = Number(await row.locator('td').first().textContent());
    await row.getByRole('button', { name: `Edit customer ${id}` }).click();
    const editor = panelNamed(page, `Editing Customer: Nora New${tag}`);
    await expect(editor.getByRole('textbox', { name: 'City' })).toHaveValue('Austin');
    await expect(editor.getByRole('combobox', { name: /^State/ })).toHaveText('Texas');
    await expect(editor.getByRole('switch', { name: /^Dealer pricing/ })).toBeChecked();
    await editor.getByRole('textbox', { name: 'First Name' }).fill('Noreen');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('updated', 'Customer'))).toBeVisible();
    await expect(row.locator('td').nth(1)).toHaveText(`Noreen New${tag}`);

    await row.getByRole('button', { name: `Delete customer ${id}` }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: MSG.yesDelete }).click();
    await expect(toast(page, msgContactDeleted(id))).toBeVisible();
    await expect(page.getByText(`No results for “${erpId}”`)).toBeVisible();
  });
});

test.describe('/Addresses', () => {
  const PATH = 'addressManagement/getAddresses';

  test('create, the Zip message, edit, search, sort, page, refresh and delete', async ({ page, request }) => {
    const session = await signInAs(page, request);
    const tag = uniqueTag('ad');
    await inBatches(25, 6, (index) =>
      call(request, session.token, 'addressManagement/createAddress', {
        input: {
          Address: `${index + 100} ${tag} Road`,
          City: 'Duluth',
          State: 'MN',
          Zip: String(55800 + index),
          AddressType: 2,
        },
      }),
    );
    await page.goto('/Addresses');
    const ui = listUi(page);
    await expect(ui.heading('Addresses')).toBeVisible();
    await expectColumns(page, ['ID', 'Address', 'City', 'State', 'Zip', 'Actions'], { allowPlatform: true });
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();

    await searchFor(page, PATH, tag);
    await expect(ui.range).toHaveText('1–12 of 25');
    expect(await pageNumbers(page)).toEqual([1, 2, 3]);
    // Default order: Address ascending.
    await expect(ui.rows.first().locator('td').nth(1)).toHaveText(`100 ${tag} Road`);
    await sortBy(page, PATH, 'Zip');
    await sortBy(page, PATH, 'Zip');
    await expect(columnHeader(page, 'Zip')).toHaveAttribute('aria-sort', 'descending');
    await expect(ui.rows.first().locator('td').nth(4)).toHaveText('55824');
    await ui.pager.getByRole('button', { name: 'Page 3' }).click();
    await expect(ui.rows).toHaveCount(1);

    await page.getByRole('button', { name: 'Create Address' }).click();
    const panel = panelNamed(page, 'Create Address');
    await panel.getByRole('textbox', { name: 'Zip' }).fill('55-AB');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText(MSG.zipFormat, { exact: true })).toBeVisible();
    await expect(panel.getByText(MSG.fieldRequired, { exact: true }).first()).toBeVisible();
    await choose(page, panel.getByRole('combobox', { name: /^Address Type/ }), 'Billing');
    await expect(panel.getByRole('checkbox', { name: 'Same as shipping' })).toBeVisible();
    await panel.getByRole('textbox', { name: 'Address', exact: true }).fill(`1 ${tag} Plaza`);
    await panel.getByRole('textbox', { name: 'Address 2' }).fill('Suite 4');
    await panel.getByRole('textbox', { name: 'City' }).fill('Saint Paul');
    await choose(page, panel.getByRole('combobox', { name: /^State/ }), 'Minnesota');
    await panel.getByRole('textbox', { name: 'Zip' }).fill('55101');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('created', 'Address'))).toBeVisible();

    await searchFor(page, PATH, `1 ${tag} Plaza`);
    const row = ui.rows.first();
    await expect(row.locator('td').nth(1)).toHaveText(`1 ${tag} Plaza, Suite 4`);
    const id = Number(await row.locator('td').first().textContent());
    await row.click();
    const editor = panelNamed(page, `Editing Address ${id}`);
    await editor.getByRole('textbox', { name: 'City' }).fill('Minneapolis');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('updated', 'Address'))).toBeVisible();
    await expect(row.locator('td').nth(2)).toHaveText('Minneapolis');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.locator('td').nth(2)).toHaveText('Minneapolis');

    await row.getByRole('button', { name: `Delete address ${id}` }).click();
    await page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: MSG.yesDelete }).click();
    await expect(toast(page, msgAddressDeleted(id))).toBeVisible();
    await expect(ui.rows.filter({ hasText: `1 ${tag} Plaza` })).toHaveCount(0);
  });
});
