import { randomUUID } from 'node:crypto';
import { msgSaved } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { cfg, productIdByName } from '../configurator/support/configurator';
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

  test('a price list in EUR with a per-value entry prices a dealer’s configured line, shown in EUR everywhere', async ({
    page,
    request,
  }, testInfo) => {
    const session = await signInAs(page, request, DEMO.admin);
    const tag = uniqueTag('eur');
    const bicycleId = await productIdByName(request, session.token, 'Atlas Custom Bicycle');

    // The list: in euros, the bicycle's carbon frame at 80% of its price.
    await page.goto('/PriceLists');
    await expect(listUi(page).heading('Price Lists')).toBeVisible();
    await page.getByRole('button', { name: 'Create Price List' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Create Price List' });
    const name = `Europe ${tag}`;
    await panel.getByRole('textbox', { name: 'Name' }).fill(name);
    await panel.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'EUR (€)' }).click();
    await panel.getByRole('button', { name: 'Add Entry' }).click();
    const entry = await pickProduct(page, 1, 'BK-ATLAS');
    await entry.getByRole('combobox', { name: 'Priced value' }).click();
    await page.getByRole('option', { name: 'Frame material: Carbon fibre (€900.00)' }).click();
    await entry.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: '% of list' }).click();
    await entry.getByRole('textbox', { name: 'Value' }).fill('80');
    await expectAccessible(page, 'price-list-panel-eur', testInfo);
    await shoot(page, 'price-list-panel-eur', { widths: [1280], hideToasts: true });
    await shootPhone(page, 'price-list-panel-eur');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('created', 'Price List'))).toBeVisible();
    await expect(listUi(page).rows.filter({ hasText: name })).toContainText('EUR');
    const list = (await call(request, session.token, 'priceListManagement/getPriceLists', { search: name, limit: 1 }))
      .rows[0];
    expect(list?.entries).toMatchObject([{ optionId: 'frame', valueId: 'carbon', kind: 'percent' }]);

    // A dealer customer on the list; their quote is in euros from the moment they are its customer.
    const customer = await call(request, session.token, 'customerManagement/createCustomer', {
      input: { erpId: `ERP-${tag}`, lastName: `Velo${tag}`, isDealer: true, priceListId: list?.id ?? null },
    });
    const quote = await call(request, session.token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: `Euro bike ${tag}` },
    });
    const withCustomer = await call(request, session.token, 'quoteManagement/setQuoteCustomer', {
      quoteId: quote.id,
      version: quote.version,
      customerId: customer.id,
    });
    expect(withCustomer.currency).toBe('EUR');

    // A carbon road bike configured for it: 2,209.00 at list, 2,029.20 for a dealer, the frame 180.00 less.
    const sessionId = randomUUID();
    const started = await call(request, session.token, 'configurator/start', {
      configurationId: sessionId,
      productId: bicycleId,
      quoteId: quote.id,
    });
    expect(started.prepare.currency).toBe('EUR');
    for (const [id, value] of [
      ['bikeType', 'road'],
      ['frame', 'carbon'],
      ['riderHeight', 178],
      ['frameSize', 'M'],
      ['groupset', 'mid'],
      ['brakes', 'mechdisc'],
      ['wheels', 'alloy'],
      ['tyreWidth', 28],
    ] as const) {
      await call(request, session.token, 'configurator/configure', { sessionId, id, value });
    }
    const done = await call(request, session.token, 'configurator/finish', { sessionId, quoteId: quote.id });
    expect(done.price).toBe(1849.2);

    // The quote, its Lines tab and Summary, and the quote list, all in euros.
    await page.goto(`/Quote/${quote.id}`);
    await expect(page.getByTestId('quote-total')).toHaveText('€1,849.20');
    const line = page.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: 'ATL-ROAD-CARBON' });
    await expect(line).toContainText('€1,849.20');
    await expect(page.getByText('$', { exact: false })).toHaveCount(0);
    await expectAccessible(page, 'quote-lines-eur', testInfo);
    await shoot(page, 'quote-lines-eur', { widths: [1280], hideToasts: true });
    await shootPhone(page, 'quote-lines-eur');
    await page.getByRole('tab', { name: 'Summary', exact: true }).click();
    await expect(page.getByRole('table', { name: 'Quote lines' })).toContainText('€1,849.20');
    await shoot(page, 'quote-summary-eur', { widths: [1280], hideToasts: true });
    await shootPhone(page, 'quote-summary-eur');
    await page.goto('/QuoteDashboard');
    await expect(page.getByRole('row').filter({ hasText: `Euro bike ${tag}` })).toContainText('€1,849.20');

    // Reopened in the configurator, the line shows the list's price in euros, not the engine's.
    await page.goto(`/Quote/${quote.id}`);
    await page.getByRole('tab', { name: 'Lines', exact: true }).click();
    await page.getByRole('link', { name: /^Edit ATL-ROAD-CARBON/ }).click();
    await expect(cfg(page).price).toHaveText('€1,849.20');
    await shoot(page, 'configurator-eur', { widths: [1280], hideToasts: true });
    await shootPhone(page, 'configurator-eur');
  });
});
