import { randomUUID } from 'node:crypto';
import { MSG, msgUpdatedOnQuote } from '@cpq/contracts';
import { call, signInAs } from '../admin/support/admin';
import { CHAIR, completeConfiguration, HINGE, productByNumber } from '../catalog/support';
import {
  configured,
  finishAndOpenQuote,
  idle,
  openAsSales,
  pickFromSelect,
} from '../configurator/support/configurator';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot, shootAsIs } from '../support/shoot';
import { toast } from '../support/ui';

test.describe('small configurator and quote defects', () => {
  test('a configurator number: text that is no number is refused before anything is sent; bounds read 1,500', async ({
    page,
    request,
  }) => {
    const { sent, ui } = await openAsSales(page, request, 'Industrial Sectional Door');
    await idle(page);
    const calls = sent.length;
    const width = page.getByRole('textbox', { name: /Clear opening width/ });
    // The hint and the range message write the bound alike.
    await expect(ui.option('width')).toContainText(/Between 1,500 and \d{1,3},\d{3}/);
    await width.fill('abc');
    await width.press('Tab');
    await expect(ui.option('width')).toContainText('Must be a number.');
    await ui.continue.click();
    await expect(ui.option('width')).toContainText('Must be a number.');
    await expect(width).toHaveValue('abc');
    expect(sent.slice(calls).filter((body) => body.id === 'width')).toEqual([]);
    await width.fill('1000');
    await width.press('Tab');
    await expect(ui.option('width')).toContainText('This field can be no smaller than 1,500');
  });

  test("the chair's image follows the chosen colour", async ({ page, request }) => {
    await openAsSales(page, request, CHAIR.name);
    const image = page.getByRole('img', { name: CHAIR.name });
    await configured(page, () => page.getByRole('radio', { name: 'Task' }).check());
    await idle(page);
    await expect(image).toHaveAttribute('src', '/models/images/chair-task.svg');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    for (const [caption, color] of [
      ['Grey', 'grey'],
      ['Tan', 'tan'],
      ['Black', 'black'],
    ] as const) {
      await configured(page, () => pickFromSelect(page, /Colour/, caption));
      await idle(page);
      await expect(image).toHaveAttribute('src', `/models/images/chair-task-${color}.svg`);
    }
    // The image is served, and is not the blue one.
    const served = await page.request.get('/models/images/chair-task-black.svg');
    expect(served.status()).toBe(200);
    expect(await served.text()).not.toContain('#3e6e9c');
    await shoot(page, 'configurator-chair-black');
  });

  test("editing a line's configuration says 'Updated … on Quote #…'; typed quantities; copy and delete toasts", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const session = await signInAs(page, request, DEMO.sales);
    const token = session.token;
    const quote = await call(request, token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'Edit dock' },
    });
    const chair = await productByNumber(request, token, CHAIR.number);
    const configurationId = randomUUID();
    const started = await call(request, token, 'configurator/start', {
      configurationId,
      productId: chair.ID,
      quoteId: quote.id,
    });
    await completeConfiguration(request, session, configurationId, started.ui);
    const line = await call(request, token, 'configurator/finish', { sessionId: configurationId, quoteId: quote.id });
    const hinge = await productByNumber(request, token, HINGE.number);
    await call(request, token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: hinge.ID },
    });

    await page.goto(`/Quote/${quote.id}`);
    await page.getByRole('link', { name: `Edit ${line.partNumber}` }).click();
    await expect(page.getByText('Editing a saved configuration')).toBeVisible();
    const finished = await finishAndOpenQuote(page);
    await expect(toast(page, msgUpdatedOnQuote(finished.partNumber, quote.id))).toBeVisible();
    await expect(page.getByText(`Added ${finished.partNumber}`)).toHaveCount(0);

    // The hinge's quantity typed: below 1 is refused at the field and kept; Enter saves a whole number.
    const quantity = page.getByRole('textbox', { name: `Quantity of ${HINGE.number}` });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await quantity.fill('0');
      await quantity.press('Enter');
      await expect(quantity).toHaveAccessibleDescription(MSG.quantityMin);
      await expect(quantity).toHaveValue('0');
      await quantity.scrollIntoViewIfNeeded();
      await shootAsIs(page, 'quote-quantity-refused');
    }
    await quantity.press('Escape');
    await expect(quantity).toHaveValue('1');
    const saved = page.waitForResponse((response) => response.url().endsWith('/quoteManagement/updateLine'));
    await quantity.fill('12');
    await quantity.press('Tab');
    expect((await saved).status()).toBe(200);
    await expect(quantity).toHaveValue('12');

    // Copy and delete from the dashboard, each confirmed.
    await page.goto('/QuoteDashboard');
    await page.getByRole('button', { name: new RegExp(`^Actions for Quote #${quote.id}\\b`) }).click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await expect(
      page
        .locator('#notistack-snackbar')
        .filter({ hasText: new RegExp(`^Copied Quote #${quote.id} to Quote #\\d+\\.$`) }),
    ).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^Actions for Quote #${quote.id}\\b`) }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: MSG.yesDelete }).click();
    await expect(toast(page, `Deleted Quote #${quote.id}.`)).toBeVisible();
  });

  test('/ThankYou opened directly claims no order', async ({ page, request }) => {
    await signInAs(page, request, DEMO.sales);
    await page.goto('/ThankYou');
    await expect(page.getByRole('heading', { level: 1, name: 'No recent order' })).toBeVisible();
    await expect(page.getByText('Thank you! Your order was completed successfully.')).toHaveCount(0);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await shootAsIs(page, 'thank-you-no-order');
    }
    await page.getByRole('link', { name: 'Back to Quotes' }).click();
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
  });
});
