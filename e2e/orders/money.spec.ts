import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIGURATOR_ID, toCents } from '@cpq/contracts';
import type { APIRequestContext } from '@playwright/test';
import { call, signInAs, superAdminToken, uniqueTag } from '../admin/support/admin';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail-catcher';
import { SCREENSHOT_DIR, shoot } from '../support/shoot';
import { fillBillingAddress, freshBuyer, openSummary } from './support';

/** Unit prices of 3 and 4 decimals, as an administrator may enter them, with the quantities ordered. */
const PRICED = [
  { price: '0.125', quantity: 8, unit: '$0.13', total: '$1.04' },
  { price: '1.0049', quantity: 3, unit: '$1.00', total: '$3.00' },
  { price: '19.9999', quantity: 7, unit: '$20.00', total: '$140.00' },
] as const;
const TOTAL = '$144.04';

/** A quote of the buyer's with one line of each priced product and a contact; answers it at its current version. */
async function oddCentsQuote(request: APIRequestContext, token: string) {
  const admin = await superAdminToken(request);
  const quote = await call(request, token, 'quoteManagement/createQuote', {
    input: { _id: randomUUID(), name: 'Odd cents' },
  });
  for (const [index, line] of PRICED.entries()) {
    const product = await call(request, admin, 'productManagement/createProduct', {
      input: {
        Name: `Washer ${index + 1}`,
        ProductNumber: uniqueTag(`W${index + 1}`),
        isNonConfigurable: true,
        defaultPrice: line.price,
        ImageUrl: '/models/images/swatch-grey.svg',
        pid: 'default',
      },
    });
    await call(request, token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: product.ID, quantity: line.quantity },
    });
  }
  const current = await call(request, token, 'quoteManagement/getQuote', { id: quote.id });
  return call(request, token, 'quoteManagement/updateQuote', {
    id: quote.id,
    version: current.version,
    input: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@buyer.example' },
  });
}

test('prices of 3 and 4 decimals: the Lines tab, the Summary, the PDF, the card charge and the e-mail agree', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await freshBuyer(request, 'odd-cents', 'stripe');
  const quote = await oddCentsQuote(request, buyer.token);
  expect(quote.totalCost).toBe('144.0400');
  await signInAs(page, request, buyer);

  await page.goto(`/Quote/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quote.id}`);
  await expect(page.getByTestId('quote-total')).toHaveText(TOTAL);
  for (const line of PRICED) {
    const row = page.getByRole('row').filter({ hasText: line.unit }).filter({ hasText: line.total });
    await expect(row.first()).toBeVisible();
  }
  await shoot(page, 'money-odd-cents-lines');

  await openSummary(page, quote.id);
  const summary = page.getByRole('tabpanel');
  for (const line of PRICED) await expect(summary.getByText(line.total, { exact: true }).first()).toBeVisible();
  await expect(summary.getByText(TOTAL).first()).toBeVisible();

  // The printed quote, kept for a person to look at (pdftoppm turns it into pictures).
  const configurationId = randomUUID();
  const step = { configurationId, productId: CONFIGURATOR_ID.quote, quoteId: quote.id };
  await call(request, buyer.token, 'configurator/start', step);
  await call(request, buyer.token, 'configurator/configure', {
    sessionId: configurationId,
    id: 'leadTime',
    value: '2-4 weeks',
  });
  await call(request, buyer.token, 'configurator/finish', { sessionId: configurationId, quoteId: quote.id });
  const printed = await call(request, buyer.token, 'quoteManagement/getCurrentPrintedDocument', {
    quoteId: quote.id,
    productId: CONFIGURATOR_ID.quote,
    configId: configurationId,
    componentAttributeName: null,
  });
  const { link } = await call(request, buyer.token, 'quoteManagement/downloadFile', {
    path: printed.current?.path ?? '',
  });
  const pdf = await request.get(link);
  expect(pdf.status()).toBe(200);
  writeFileSync(join(SCREENSHOT_DIR, 'money-odd-cents-quote.pdf'), await pdf.body());

  // Pay the total by card: the charge is the total in cents, and the confirmation mail shows the same figures.
  const since = Date.now();
  const payments: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/paymentManagement/payment')) payments.push(sent.postData() ?? '');
  });
  await page.reload();
  const panel = page.getByRole('region', { name: 'Pay by Card' });
  await fillBillingAddress(page, panel);
  await panel.getByRole('textbox', { name: 'Card Number' }).fill('4242 4242 4242 4242');
  await panel.getByRole('textbox', { name: 'Expiry' }).pressSequentially('1239');
  await panel.getByRole('textbox', { name: 'CVC' }).fill('123');
  await panel.getByRole('textbox', { name: 'Card ZIP' }).fill('78701');
  await panel.getByRole('button', { name: `Pay ${TOTAL}` }).click();
  await expect(page).toHaveURL(/\/ThankYou$/);
  expect(payments.map((body) => JSON.parse(body).amount)).toEqual([toCents('144.04')]);
  const mail = await waitForMail('grace@buyer.example', since);
  for (const line of PRICED) expect(mail).toContain(`| ${line.quantity} | ${line.unit} | ${line.total}`);
  expect(mail).toContain(`Order total | ${TOTAL}`);
  expect(mail).toContain(`Paid by card: ${TOTAL}.`);

  await page.goto(`/Quote/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${quote.id}`);
  await expect(page.getByTestId('quote-total')).toHaveText(TOTAL);
  await shoot(page, 'money-odd-cents-order');
});
