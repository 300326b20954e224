import { MSG } from '@cpq/contracts';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/ui';
import {
  call,
  columnHeader,
  expectColumns,
  inBatches,
  listUi,
  pageNumbers,
  searchFor,
  signInAs,
  sortBy,
  uniqueTag,
} from './support/admin';

test.describe('/Products', () => {
  const PATH = 'productManagement/getProducts';

  test('list: columns, search, sort by part number, page', async ({ page, request }) => {
    const session = await signInAs(page, request);
    const tag = uniqueTag('pr');
    await inBatches(14, 4, (index) =>
      call(request, session.token, 'productManagement/createProduct', {
        input: {
          Name: `Widget ${tag} ${index}`,
          ProductNumber: `${tag}-${String(index).padStart(2, '0')}`,
          Description: 'Seeded for paging.',
          isNonConfigurable: true,
          defaultPrice: '10.00',
          quantityInStock: index,
        },
      }),
    );
    await page.goto('/Products');
    const ui = listUi(page);
    await expect(ui.heading('Products')).toBeVisible();
    await expectColumns(page, ['Preview', 'Part #', 'Name', 'Description', 'Price', 'In Stock (#)'], {
      allowPlatform: true,
    });
    await searchFor(page, PATH, tag);
    await expect(ui.range).toHaveText('1–12 of 14');
    expect(await pageNumbers(page)).toEqual([1, 2]);
    // Default order: part number ascending.
    await expect(columnHeader(page, 'Part #')).toHaveAttribute('aria-sort', 'ascending');
    await expect(ui.rows.first()).toContainText(`${tag}-00`);
    await sortBy(page, PATH, 'Part #');
    await expect(columnHeader(page, 'Part #')).toHaveAttribute('aria-sort', 'descending');
    await expect(ui.rows.first()).toContainText(`${tag}-13`);
    await ui.pager.getByRole('button', { name: 'Page 2' }).click();
    await expect(ui.rows).toHaveCount(2);
    await expect(ui.rows.last()).toContainText(`${tag}-00`);
  });

  test('create a fixed-price product, switch to Configurable, edit, and delete', async ({ page, request }) => {
    await signInAs(page, request);
    await page.goto('/Products');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page).toHaveURL(/\/Products\/create$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Product');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MSG.fieldRequired, { exact: true })).toHaveCount(2);

    // Configurable shows the configuration fields with Quick Configure and Catalog; Fixed Price shows stock and price.
    await page.getByRole('button', { name: 'Configurable' }).click();
    await expect(page.getByRole('checkbox', { name: /^Quick Configure/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Catalog/ })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Fixed Price' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Fixed Price' }).click();
    await expect(page.getByRole('textbox', { name: 'Quantity In Stock' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Fixed Price' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Quick Configure/ })).toHaveCount(0);

    const tag = uniqueTag('prc');
    const name = `Hinge ${tag}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Part #' }).fill(tag.toUpperCase());
    await page.getByRole('textbox', { name: 'Description' }).fill('A sturdy hinge.');
    await page.getByRole('textbox', { name: 'Quantity In Stock' }).fill('-3');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MSG.positiveNumber, { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'Quantity In Stock' }).fill('12');
    await page.getByRole('textbox', { name: 'Fixed Price' }).fill('1234.5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Successfully created Product')).toBeVisible();
    // After create: the editor of the new product.
    await expect(page).toHaveURL(/\/Products\/edit\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Editing Product: ${name}`);
    await expect(page.getByRole('textbox', { name: 'Fixed Price' })).toHaveValue(/^1,?234\.50?$/);

    await page.getByRole('textbox', { name: 'Name' }).fill(`${name} HD`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Successfully updated Product')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/Products$/);
    await searchFor(page, 'productManagement/getProducts', tag);
    const row = listUi(page).rows.first();
    await expect(row).toContainText(`${name} HD`);
    await expect(row).toContainText('$1,234.50');
    await row.click();

    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText(`Are you sure you want to delete ${name} HD?`);
    await confirm.getByRole('button', { name: MSG.yesDelete }).click();
    await expect(toast(page, 'Successfully deleted Product')).toBeVisible();
    await expect(page).toHaveURL(/\/Products$/);
  });
});

test.describe('/Platforms', () => {
  test('create a platform, find it, sort, open “Edit System Settings” and change it', async ({ page, request }) => {
    await signInAs(page, request);
    await page.goto('/Platforms');
    const ui = listUi(page);
    await expect(ui.heading('Platforms')).toBeVisible();
    await expectColumns(page, ['Id', 'Name', 'Email Addresses']);
    await page.getByRole('button', { name: 'Create Platform' }).click();
    await expect(page).toHaveURL(/\/Platforms\/create$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create Platform');

    const id = uniqueTag('pf');
    await page.getByRole('textbox', { name: 'Platform Id' }).fill(id);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Tenant ${id}`);
    await page.getByRole('textbox', { name: 'E-mail Address 1' }).fill('not-an-email');
    await expect(page.getByRole('button', { name: 'Remove e-mail address 1' })).toBeDisabled();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MSG.invalidEmail, { exact: true })).toBeVisible();
    await page.getByRole('textbox', { name: 'E-mail Address 1' }).fill(`orders@${id}.example.com`);
    await page.getByRole('button', { name: 'Add E-mail Address' }).click();
    await page.getByRole('textbox', { name: 'E-mail Address 2' }).fill(`ops@${id}.example.com`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Successfully created Platform')).toBeVisible();
    await expect(page).toHaveURL(/\/Platforms$/);

    // Platforms are few: the list pages and searches them in the browser.
    await ui.search.fill(id);
    await ui.search.press('Enter');
    await expect(ui.rows).toHaveCount(1);
    await expect(ui.rows.first()).toContainText(`orders@${id}.example.com, ops@${id}.example.com`);
    await columnHeader(page, 'Name').getByRole('button').click();
    await expect(columnHeader(page, 'Name')).toHaveAttribute('aria-sort', 'ascending');
    await ui.rows.first().click();
    await expect(page).toHaveURL(`/Platforms/edit/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit System Settings');
    await page.getByRole('button', { name: 'Remove e-mail address 2' }).click();
    await expect(page.getByRole('button', { name: 'Remove e-mail address 1' })).toBeDisabled();
    await page.getByRole('switch', { name: 'Require HTTPS' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, 'Successfully updated Platform')).toBeVisible();
    // Cancel returns to /Administration.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/Administration$/);
  });
});
