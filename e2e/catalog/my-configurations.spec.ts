import { randomUUID } from 'node:crypto';
import { formatCurrency, formatDate } from '@cpq/contracts';
import { apiSession, call, signInAs } from '../admin/support/admin';
import { createDefaultUser, DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { CHAIR, completeConfiguration, createConfiguration, productByNumber } from './support';

test.describe('/MyConfigurations and /Quote', () => {
  test('saved configurations, newest first; one reopens in reconfigure mode with its choices', async ({
    page,
    request,
  }) => {
    const user = await createDefaultUser(request, 'mycfg');
    const session = await signInAs(page, request, user);
    const chair = await productByNumber(request, session.token, CHAIR.number);
    const draft = await createConfiguration(request, session, chair.ID, { series: 'executive' });
    const done = await createConfiguration(request, session, chair.ID, { series: 'task' });
    await completeConfiguration(request, session, done.id, done.ui);
    const finished = await call(request, session.token, 'configurator/finish', { sessionId: done.id });

    await page.goto('/');
    await page.getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'My Configurations' }).click();
    await expect(page).toHaveURL(/\/MyConfigurations$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Configurations');
    const cards = page.getByRole('list', { name: 'Saved configurations' }).getByRole('link');
    await expect(cards).toHaveCount(2);
    // The finished one (newest): part number, price, date and its quote.
    await expect(cards.nth(0)).toContainText(CHAIR.name);
    await expect(cards.nth(0)).toContainText(`Part # ${finished.partNumber}`);
    await expect(cards.nth(0)).toContainText(formatCurrency(finished.price));
    await expect(cards.nth(0)).toContainText(formatDate(new Date()));
    await expect(cards.nth(0)).toContainText(`Quote #${finished.quoteId}`);
    await expect(cards.nth(0)).toHaveAttribute(
      'href',
      `/Configurator/${chair.ID}/${finished.quoteId}/${done.id}?configurationId=${done.id}`,
    );
    // The draft: incomplete, on no quote.
    await expect(cards.nth(1)).toContainText('Incomplete');
    await expect(cards.nth(1)).not.toContainText('Quote #');
    await cards.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/Configurator/${chair.ID}/0/${draft.id}\\?configurationId=${draft.id}$`));
    await expect(page.getByRole('radio', { name: 'Executive' })).toBeChecked();
  });

  test('a new user is told how to start; the empty state opens the catalog', async ({ page, request }) => {
    const user = await createDefaultUser(request, 'mycfg0');
    await signInAs(page, request, user);
    await page.goto('/MyConfigurations');
    await expect(page.getByText('No saved configurations yet')).toBeVisible();
    await page.getByRole('button', { name: 'Product Catalog' }).click();
    await expect(page.getByRole('dialog', { name: 'Product Catalog' })).toBeVisible();
  });

  test('a configured line on a quote: details, and edit reopens it in reconfigure mode', async ({ page, request }) => {
    const session = await signInAs(page, request, DEMO.sales);
    const chair = await productByNumber(request, session.token, CHAIR.number);
    const saved = await createConfiguration(request, session, chair.ID, { series: 'task' });
    const ui = await completeConfiguration(request, session, saved.id, saved.ui);
    const finished = await call(request, session.token, 'configurator/finish', { sessionId: saved.id });

    await page.goto(`/Quote/${finished.quoteId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${finished.quoteId}`);
    await expect(page.getByTestId('quote-total')).toHaveText(formatCurrency(finished.price));
    const row = page.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: finished.partNumber });
    await expect(row).toContainText(formatCurrency(ui.ConfiguredPrice));
    await row.getByRole('button', { name: `Details of ${finished.partNumber}` }).click();
    const firstDetail = ui.Details[0];
    if (!firstDetail) throw new Error('The chair has no details');
    await expect(page.locator(`#line-details-${finished.lineId}`)).toContainText(firstDetail.Caption);
    await row.getByRole('link', { name: `Edit ${finished.partNumber}` }).click();
    await expect(page).toHaveURL(
      new RegExp(`/Configurator/${chair.ID}/${finished.quoteId}/${saved.id}\\?configurationId=${saved.id}$`),
    );
  });

  test('a quote that is not yours shows the server’s message and a way back', async ({ page, request }) => {
    const owner = await apiSession(request, DEMO.sales);
    const quote = await call(request, owner.token, 'quoteManagement/createQuote', { input: { _id: randomUUID() } });
    const stranger = await createDefaultUser(request, 'q404');
    await signInAs(page, request, stranger);
    await page.goto(`/Quote/${quote.id}`);
    await expect(page.getByRole('alert')).toContainText(`Quote #${quote.id} cannot be shown`);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
