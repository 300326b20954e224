import { randomUUID } from 'node:crypto';
import { formatCurrency, formatDate, MSG } from '@cpq/contracts';
import { apiSession, call, signInAs } from '../admin/support/admin';
import { finishAndOpenQuote } from '../configurator/support/configurator';
import { freshBuyer } from '../orders/support';
import { expectAccessible } from '../support/a11y';
import { createDefaultUser, DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { CHAIR, completeConfiguration, createConfiguration, GUID, productByNumber } from './support';

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
    // Finished ones by default; the draft shows with Show incomplete.
    await expect(cards).toHaveCount(1);
    await page.getByRole('switch', { name: 'Show incomplete' }).check();
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
    await expect(page.getByText('No finished configurations yet')).toBeVisible();
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

  test("an order's configuration opens read-only; Copy to a new quote finishes on a new quote", async ({
    page,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'mycfg-order', 'order');
    const session = await signInAs(page, request, buyer);
    const chair = await productByNumber(request, session.token, CHAIR.number);
    const saved = await createConfiguration(request, session, chair.ID, { series: 'task' });
    await completeConfiguration(request, session, saved.id, saved.ui);
    const finished = await call(request, session.token, 'configurator/finish', { sessionId: saved.id });
    const quote = await call(request, session.token, 'quoteManagement/getQuote', { id: finished.quoteId });
    const named = await call(request, session.token, 'quoteManagement/updateQuote', {
      id: quote.id,
      version: quote.version,
      input: { firstName: 'Grace', lastName: 'Hopper' },
    });
    await call(request, session.token, 'quoteManagement/placeOrder', {
      id: named.id,
      version: named.version,
      poNumber: 'PO-CFG-1',
    });

    await page.goto('/MyConfigurations');
    const list = page.getByRole('list', { name: 'Saved configurations' });
    await expect(list.getByRole('link')).toHaveCount(0);
    const card = list.getByRole('button', { name: `View ${CHAIR.name} configuration on Order #${quote.id}` });
    await expect(card).toContainText(`Order #${quote.id}`);
    await card.click();
    const dialog = page.getByRole('dialog', { name: `${CHAIR.name} on Order #${quote.id}` });
    await expect(dialog).toContainText('An ordered configuration cannot be changed.');
    await expect(dialog.getByRole('table', { name: 'Configuration Details' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: `Open Order #${quote.id}` })).toHaveAttribute(
      'href',
      `/Quote/${quote.id}`,
    );
    await expectAccessible(page, 'my-configurations-ordered', testInfo);
    await shoot(page, 'my-configurations-ordered', { widths: [390, 1280] });

    // The ordered configuration itself cannot be reopened for editing, even by its URL.
    const orderedUrl = `/Configurator/${chair.ID}/${quote.id}/${saved.id}?configurationId=${saved.id}`;
    await dialog.getByRole('button', { name: 'Copy to a new quote' }).click();
    await expect(page).toHaveURL(new RegExp(`/Configurator/${chair.ID}/0/(${GUID})\\?configurationId=\\1$`));
    const copyFinish = await finishAndOpenQuote(page);
    expect(copyFinish.quoteId).not.toBe(quote.id);
    expect(copyFinish.isNewQuote).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${copyFinish.quoteId}`);

    await page.goto(orderedUrl);
    await expect(page.getByText(MSG.orderConfigurationReadOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: `Back to #${quote.id}` })).toHaveAttribute(
      'href',
      `/Quote/${quote.id}`,
    );
    await shoot(page, 'configurator-ordered-refused', { widths: [390, 1280] });
  });
});
