import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { formatCurrency, formatDate, MSG } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { call, signInAs } from '../admin/support/admin';
import { CHAIR, completeConfiguration, HINGE, productByNumber } from '../catalog/support';
import { finishAndOpenQuote, idle, pickFromSelect } from '../configurator/support/configurator';
import { expectAccessible } from '../support/a11y';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { SCREENSHOT_DIR, shoot } from '../support/shoot';
import { toast } from '../support/ui';

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** Opens a document through its button and answers the signed link, after checking that it serves a PDF. */
async function openedPdf(page: Page, open: () => Promise<void>): Promise<string> {
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/quoteManagement/downloadFile')),
    open(),
  ]);
  const { result } = (await answer.json()) as { result: { link: string } };
  const file = await page.request.get(result.link);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  return file.headers()['content-disposition'] ?? '';
}

/** Prints the quote through the review step (configurator 31): lead time, then the finish button 'Create Quote'. */
async function printThroughReview(page: Page, quoteId: number, button: 'Create Quote' | 'Update Quote') {
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/Configurator/31/${quoteId}/[0-9a-f-]{36}`));
  const leadTime = page.getByRole('combobox', { name: /Lead time/ });
  await expect(leadTime).toBeVisible();
  if (button === 'Create Quote') await pickFromSelect(page, /Lead time/, '2-4 weeks');
  await idle(page);
  const finished = await finishAndOpenQuote(page, 'Create Quote');
  // The finish toast stays clear of the quote's buttons: the next click needs no wait for it to go.
  await expect(toast(page, `Updated Quote #${quoteId}`)).toBeVisible();
  return finished;
}

test.describe('/Quote/{id}', () => {
  test.setTimeout(480_000);

  test('lines, quantities and comments; customer autofill; printed quote, View, Update Quote and revision 1', async ({
    page,
    request,
  }, testInfo) => {
    const session = await signInAs(page, request, DEMO.admin);
    const token = session.token;
    const quote = await call(request, token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'North dock' },
    });
    // A configured chair (as the configurator finishes it) and a fixed-price hinge.
    const chair = await productByNumber(request, token, CHAIR.number);
    const configurationId = randomUUID();
    const started = await call(request, token, 'configurator/start', {
      configurationId,
      productId: chair.ID,
      quoteId: quote.id,
    });
    await completeConfiguration(request, session, configurationId, started.ui);
    const chairLine = await call(request, token, 'configurator/finish', {
      sessionId: configurationId,
      quoteId: quote.id,
    });
    const hinge = await productByNumber(request, token, HINGE.number);
    await call(request, token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: hinge.ID },
    });

    await page.goto(`/Quote/${quote.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quote.id}`);
    await expect(tab(page, 'Lines')).toHaveAttribute('aria-selected', 'true');
    const lines = page.getByRole('table', { name: 'Lines' });
    await expect(lines.getByRole('row').filter({ hasText: chairLine.partNumber })).toBeVisible();
    await expect(page.getByRole('link', { name: `Edit ${chairLine.partNumber}` })).toHaveAttribute(
      'href',
      `/Configurator/${chair.ID}/${quote.id}/${configurationId}?configurationId=${configurationId}`,
    );

    // Quantity: plus re-prices the quote; minus at 1 is refused.
    const hingeQuantity = page.getByRole('textbox', { name: `Quantity of ${HINGE.number}` });
    await page.getByRole('button', { name: `Increase the quantity of ${HINGE.number}` }).click();
    await expect(hingeQuantity).toHaveValue('2');
    await expect(page.getByTestId('quote-total')).toHaveText(formatCurrency(chairLine.price + 77));
    await page.getByRole('button', { name: `Decrease the quantity of ${HINGE.number}` }).click();
    await expect(hingeQuantity).toHaveValue('1');
    await page.getByRole('button', { name: `Decrease the quantity of ${HINGE.number}` }).click();
    await expect(toast(page, MSG.quantityMin)).toBeVisible();
    await expect(hingeQuantity).toHaveValue('1');
    // Typed: below 1 is refused at the field and kept there; Escape puts 1 back; Enter saves a typed 3.
    await hingeQuantity.fill('0');
    await hingeQuantity.press('Tab');
    await expect(hingeQuantity).toHaveAccessibleDescription(MSG.quantityMin);
    await expect(hingeQuantity).toHaveValue('0');
    await hingeQuantity.press('Escape');
    await expect(hingeQuantity).toHaveValue('1');
    await hingeQuantity.fill('3');
    await hingeQuantity.press('Enter');
    await expect(page.getByTestId('quote-total')).toHaveText(formatCurrency(chairLine.price + 115.5));
    await hingeQuantity.fill('1');
    await hingeQuantity.press('Enter');
    await expect(hingeQuantity).toHaveValue('1');
    await expect(page.getByTestId('quote-total')).toHaveText(formatCurrency(chairLine.price + 38.5));
    // A fixed-price line has no pricing document.
    await page.getByRole('button', { name: `Pricing document of ${HINGE.number}` }).click();
    await expect(toast(page, MSG.noDocumentAvailable)).toBeVisible();

    // Comments: the draft survives a reload, then is added with date and writer.
    const comment = page.getByRole('textbox', { name: 'Add a comment' });
    await comment.fill('Deliver to the north dock.');
    await page.reload();
    await expect(comment).toHaveValue('Deliver to the north dock.');
    await page.getByRole('button', { name: 'Add Comment' }).click();
    const comments = page.getByRole('list', { name: 'Comments' });
    await expect(comments).toContainText('Deliver to the north dock.');
    await expect(comments).toContainText(DEMO.admin.username);
    await expect(comments).toContainText(formatDate(new Date()));
    await expect(comment).toHaveValue('');
    await expectAccessible(page, 'quote-lines', testInfo);
    await shoot(page, 'quote-lines');

    // Customer: autofill from a customer; the contact is then read-only; the shipping address saves on blur.
    await tab(page, 'Customer').click();
    const picker = page.getByRole('combobox', { name: 'Autofill from a customer' });
    await picker.fill('Lopez');
    const autofilled = page.waitForResponse((response) => response.url().endsWith('/setQuoteCustomer'));
    await page.getByRole('option', { name: /Maria Lopez/ }).click();
    await autofilled;
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Maria');
    await expect(page.getByRole('textbox', { name: 'Address', exact: true }).first()).toHaveValue(
      '4100 Industrial Blvd',
    );
    await page.getByRole('textbox', { name: 'First Name' }).click();
    await expect(toast(page, MSG.customerAutofilledAdmin)).toBeVisible();
    // The customer's billing address is also its shipping one: unticking offers the shipping form.
    const sameAddress = page.getByRole('checkbox', { name: 'Shipping address is the same as billing' });
    await expect(sameAddress).toBeChecked();
    await sameAddress.uncheck();
    const shipping = page.getByRole('region', { name: 'Shipping Address' });
    await shipping.getByRole('textbox', { name: 'Address', exact: true }).fill('9 Dock Rd');
    await shipping.getByRole('textbox', { name: 'City' }).fill('Dallas');
    await shipping.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Texas', exact: true }).click();
    await shipping.getByRole('textbox', { name: 'Zip' }).fill('75201');
    const savedShipping = page.waitForResponse((response) => response.url().endsWith('/updateQuote'));
    await shipping.getByRole('textbox', { name: 'Zip' }).blur();
    expect((await savedShipping).status()).toBe(200);
    await expectAccessible(page, 'quote-customer', testInfo);
    await shoot(page, 'quote-customer');

    await tab(page, 'Details').click();
    await expect(page.getByRole('textbox', { name: 'Customer' })).toHaveValue('Maria Lopez, Lopez Fabrication');

    // Summary: customer, both addresses, lines, comments; then the printed quote through the review step.
    await tab(page, 'Summary').click();
    const summary = page.getByRole('article', { name: 'Quote summary' });
    await expect(summary).toContainText('(512) 555-0142');
    await expect(summary).toContainText('4100 Industrial Blvd');
    await expect(summary).toContainText('9 Dock Rd');
    await expect(summary).toContainText('Deliver to the north dock.');
    await expect(page.getByRole('button', { name: 'View' })).toHaveCount(0);
    await printThroughReview(page, quote.id, 'Create Quote');
    await expect(tab(page, 'Summary')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Create Order' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Quote$/ })).toHaveCount(0);
    const [download, first] = await Promise.all([
      page.waitForEvent('download'),
      openedPdf(page, () => page.getByRole('button', { name: 'View' }).click()),
    ]);
    expect(download.suggestedFilename()).toBe(`Quote-${quote.id}-Rev1.pdf`);
    expect(first).toContain(`Quote-${quote.id}-Rev1.pdf`);
    await expect(page.getByRole('list', { name: 'Printed revisions' }).getByRole('button')).toHaveText([
      `Rev 1${formatDate(new Date())}`,
    ]);
    await expectAccessible(page, 'quote-summary', testInfo);
    await shoot(page, 'quote-summary');
    // The browser's print shows only the printable quote: no header, tabs or buttons.
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(summary).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'quote-print-dark.png'), fullPage: true });
    await page.emulateMedia({ media: null, colorScheme: null });

    // Update Quote (from another tab) prints revision 2; revision 1 still opens.
    await tab(page, 'Lines').click();
    await printThroughReview(page, quote.id, 'Update Quote');
    await tab(page, 'Summary').click();
    const revisions = page.getByRole('list', { name: 'Printed revisions' }).getByRole('button');
    await expect(revisions).toHaveCount(2);
    await expect(revisions.first()).toContainText('Rev 2');
    // (A second download in a row may wait for the browser's multiple-downloads permission: the link is checked.)
    const rev1 = await openedPdf(page, () => revisions.filter({ hasText: 'Rev 1' }).click());
    expect(rev1).toContain(`Quote-${quote.id}-Rev1.pdf`);
  });
});
