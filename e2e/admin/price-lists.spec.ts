import { randomUUID } from 'node:crypto';
import { msgSaved } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { shootPhone } from '../support/shoot-phone';
import { toast } from '../support/ui';
import { call, listUi, signInAs, uniqueTag } from './support/admin';

/** Picks a product for the entry `index` (1-based) by its part number. */
async function pickProduct(page: Page, index: number, partNumber: string) {
  const entry = page.getByRole('group', { name: `Entry ${index}` });
  await entry.getByRole('combobox', { name: 'Product' }).fill(partNumber);
  await page.getByRole('option', { name: new RegExp(partNumber) }).click();
  return entry;
}

test.describe('/PriceLists', () => {
  test.setTimeout(180_000);

  test('a price list with a tier, assigned to a customer, prices the quote’s line', async ({
    page,
    request,
  }, testInfo) => {
    const session = await signInAs(page, request, DEMO.admin);
    const tag = uniqueTag('pl');
    const partNumber = `PL-${tag}`.toUpperCase();
    const product = await call(request, session.token, 'productManagement/createProduct', {
      input: { Name: 'Tiered Widget', ProductNumber: partNumber, isNonConfigurable: true, defaultPrice: '100.00' },
    });

    // The list: $90 from one, 80% of list from ten.
    await page.goto('/Administration');
    await page.getByRole('link', { name: /Price Lists/ }).click();
    await expect(listUi(page).heading('Price Lists')).toBeVisible();
    // The toolbar's button (an empty list offers one too).
    await page.getByRole('button', { name: 'Create Price List' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Create Price List' });
    const name = `Dealer ${tag}`;
    await panel.getByRole('textbox', { name: 'Name' }).fill(name);
    await panel.getByRole('button', { name: 'Add Entry' }).click();
    const base = await pickProduct(page, 1, partNumber);
    await base.getByRole('textbox', { name: 'Value' }).fill('90');
    await panel.getByRole('button', { name: 'Add Entry' }).click();
    const tier = await pickProduct(page, 2, partNumber);
    await tier.getByRole('textbox', { name: 'From Qty' }).fill('10');
    await tier.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: '% of list' }).click();
    await tier.getByRole('textbox', { name: 'Value' }).fill('80');
    await expectAccessible(page, 'price-list-panel', testInfo);
    await shoot(page, 'price-list-panel', { widths: [1280], hideToasts: true });
    await shootPhone(page, 'price-list-panel');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('created', 'Price List'))).toBeVisible();
    const row = listUi(page).rows.filter({ hasText: name });
    await expect(row).toContainText('1 product, 2 tiers');
    await expectAccessible(page, 'price-lists', testInfo);
    await shoot(page, 'price-lists', { widths: [1280], hideToasts: true });
    await shootPhone(page, 'price-lists');

    // A customer assigned the list on /Customers.
    const erpId = `ERP-${tag}`;
    await page.goto('/Customers');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    const customerPanel = page.getByRole('dialog', { name: 'Create Customer' });
    await customerPanel.getByRole('textbox', { name: 'ERP ID' }).fill(erpId);
    await customerPanel.getByRole('textbox', { name: 'Last Name' }).fill(`Buyer${tag}`);
    await customerPanel.getByRole('combobox', { name: 'Price List' }).click();
    await page.getByRole('option', { name: `${name} (USD)` }).click();
    await customerPanel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('created', 'Customer'))).toBeVisible();

    // A quote of ten at list; choosing the customer prices the line by the list's tier from ten.
    const quote = await call(request, session.token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: `Price list ${tag}` },
    });
    await call(request, session.token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: product.ID, quantity: 10 },
    });
    await page.goto(`/Quote/${quote.id}`);
    await expect(page.getByTestId('quote-total')).toHaveText('$1,000.00');
    await page.getByRole('tab', { name: 'Customer', exact: true }).click();
    await page.getByRole('combobox', { name: 'Autofill from a customer' }).fill(erpId);
    await page.getByRole('option', { name: new RegExp(erpId) }).click();
    await expect(
      toast(
        page,
        `Prices now follow price list ${name}: Tiered Widget $100.00 to $80.00. The total is now $800.00 (was $1,000.00).`,
      ),
    ).toBeVisible();
    await shoot(page, 'price-list-repriced', { widths: [1280], hideToasts: false });
    await page.getByRole('tab', { name: 'Lines', exact: true }).click();
    const line = page.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: partNumber });
    await expect(line).toContainText('$80.00');
    await expect(page.getByTestId('quote-total')).toHaveText('$800.00');
    await shoot(page, 'price-list-quote-line', { widths: [1280], hideToasts: true });
    await shootPhone(page, 'price-list-quote-line');
  });
});
