import { randomUUID } from 'node:crypto';
import { MSG, msgAddedToQuote } from '@cpq/contracts';
import { signInAs } from '../admin/support/admin';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/ui';
import { BICYCLE, CHAIR, DOOR, GUID, HINGE, LOCK, openCatalog, productByNumber, searchCatalog } from './support';

test.describe('Product Catalog and Quick Configure', () => {
  test('a configurable product from the catalog opens the configurator on a new GUID', async ({ page, request }) => {
    const session = await signInAs(page, request, DEMO.sales);
    const chair = await productByNumber(request, session.token, CHAIR.number);
    await page.goto('/');
    const dialog = await openCatalog(page);
    // Fixed-price products show their price; configurable ones say so.
    await searchCatalog(page, HINGE.number);
    await expect(dialog.getByRole('button', { name: `Add ${HINGE.name} to quote` })).toContainText(HINGE.price);
    await searchCatalog(page, CHAIR.name);
    const configure = dialog.getByRole('button', { name: `Configure ${CHAIR.name}` });
    await expect(configure).toContainText('Configurable');
    await configure.click();
    await expect(page).toHaveURL(new RegExp(`/Configurator/${chair.ID}/0/${GUID}$`));
    await expect(dialog).toBeHidden();
  });

  test('a fixed-price product goes on a new quote, then more go on that quote', async ({ page, request }) => {
    await signInAs(page, request, DEMO.sales);
    await page.goto('/');
    let dialog = await openCatalog(page);
    await searchCatalog(page, HINGE.number);
    await dialog.getByRole('button', { name: `Add ${HINGE.name} to quote` }).click();
    await expect(page).toHaveURL(/\/Quote\/\d+$/);
    const quoteId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await expect(toast(page, msgAddedToQuote(HINGE.number, quoteId))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quoteId}`);
    const lines = page.getByRole('table', { name: 'Lines' });
    await expect(lines.getByRole('row').filter({ hasText: HINGE.number })).toContainText(HINGE.price);
    await expect(page.getByTestId('quote-total')).toHaveText(HINGE.price);

    // The quote's own Catalog button adds to this quote and stays on it.
    dialog = await openCatalog(page, 'Catalog');
    await searchCatalog(page, LOCK.number);
    await dialog.getByRole('button', { name: `Add ${LOCK.name} to quote` }).click();
    await expect(toast(page, msgAddedToQuote(LOCK.number, quoteId))).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/Quote/${quoteId}$`));
    await expect(lines.getByRole('row').filter({ hasText: LOCK.number })).toContainText(LOCK.price);
    await expect(page.getByTestId('quote-total')).toHaveText('$92.50');
    // Fixed-price lines cannot be reconfigured.
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  });

  test('a public user’s fixed-price product starts a quote request', async ({ page, request }) => {
    await signInAs(page, request, DEMO.visitor);
    await page.goto('/');
    const dialog = await openCatalog(page);
    await searchCatalog(page, LOCK.number);
    await dialog.getByRole('button', { name: `Add ${LOCK.name} to quote` }).click();
    await expect(page).toHaveURL(/\/Quote\/\d+$/);
    const quoteId = new URL(page.url()).pathname.split('/').at(-1);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote Request #${quoteId}`);
  });

  test('phones: a row per product; administrators can open a product’s edit form by part number', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, request, DEMO.admin);
    await page.goto('/');
    const dialog = await openCatalog(page);
    await searchCatalog(page, HINGE.number);
    await dialog.getByRole('link', { name: `Edit ${HINGE.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/Products/edit/${HINGE.number}$`));
    await expect(page.getByRole('textbox', { name: 'Part #' })).toHaveValue(HINGE.number);
  });

  test('phones: My Configurations is in the menu', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, request, DEMO.sales);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('menuitem', { name: 'My Configurations' }).click();
    await expect(page).toHaveURL(/\/MyConfigurations$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Configurations');
  });

  test('Quick Configure lists the flagged products and configures one', async ({ page, request }) => {
    const session = await signInAs(page, request, DEMO.sales);
    const door = await productByNumber(request, session.token, DOOR.number);
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Quick Configure' });
    await expect(section.getByRole('button', { name: `Configure ${CHAIR.name}` })).toBeVisible();
    await expect(section.getByRole('button', { name: `Configure ${DOOR.name}` })).toBeVisible();
    await expect(section.getByRole('button', { name: `Configure ${BICYCLE.name}` })).toHaveCount(0);
    await section.getByRole('button', { name: `Configure ${DOOR.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/Configurator/${door.ID}/0/${GUID}$`));
  });

  test('visitors stay on the configurator (it asks for an e-mail), but sign in for their configurations and quotes', async ({
    page,
  }) => {
    const path = `/Configurator/1/0/${randomUUID()}`;
    await page.goto(path);
    await expect(page.getByText(MSG.emailToSave)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await page.goto('/MyConfigurations');
    await expect(page).toHaveURL(/\/Login$/);
    await page.goto('/Quote/1');
    await expect(page).toHaveURL(/\/Login$/);
  });
});
