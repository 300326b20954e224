import { randomUUID } from 'node:crypto';
import { MSG } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { signInAs } from '../admin/support/admin';
import { cfg, configureTaskChair, finishAndOpenQuote, productIdByName } from '../configurator/support/configurator';
import { DEMO, passwordToken, uniqueEmail } from '../support/api';
import { clientAddress, expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { credentials, toast } from '../support/ui';

const CHAIR = 'ErgoLine Office Chair';

/** A visitor configures the chair and finishes: a quote request (type 3) under their e-mail address. */
async function visitorRequestsAQuote(page: Page, productId: number, email: string) {
  await page.goto(`/Configurator/${productId}/0/${randomUUID()}`);
  await page.getByRole('textbox', { name: /Email Address/ }).fill(email);
  await page.getByRole('button', { name: 'Start configuring' }).click();
  await expect(cfg(page).header).toContainText(MSG.totalPrice);
  await configureTaskChair(page);
  const finished = await finishAndOpenQuote(page);
  expect(finished.quoteType).toBe(3);
  return finished.quoteId;
}

test.describe('quote requests reach the sales team', () => {
  test('a visitor requests a quote; a sales rep finds it, takes it and converts it into a quote', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const token = await passwordToken(request, DEMO.sales.username, DEMO.sales.password);
    const productId = await productIdByName(request, token, CHAIR);
    const email = uniqueEmail('lead');

    const requestId = await visitorRequestsAQuote(page, productId, email);
    await expect(page.getByRole('heading', { level: 1, name: `Quote Request #${requestId}` })).toBeVisible();
    await expect(page.getByText('Your quote request has been sent')).toBeVisible();
    await expect(page.getByText(`A sales representative will get in touch with you at ${email}.`)).toBeVisible();
    const total = await page.getByTestId('quote-total').textContent();

    // The sales rep, in a browser of their own.
    const repContext = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
    const rep = await repContext.newPage();
    await signInAs(rep, repContext.request, DEMO.sales);
    await rep.goto('/QuoteDashboard');
    await rep.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Quote Requests' }).click();
    await expect(rep).toHaveURL(/\/QuoteRequests$/);
    await expect(rep.getByRole('heading', { level: 1, name: 'Quote Requests' })).toBeVisible();
    await expect(rep.getByRole('button', { name: 'New Quote' })).toHaveCount(0);
    const row = rep.getByRole('row').filter({ hasText: `#${requestId}` });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Open');
    await shoot(rep, 'quote-requests-list');

    await row.getByText(`#${requestId}`).click();
    await expect(rep).toHaveURL(new RegExp(`/Quote/${requestId}$`));
    await expect(rep.getByRole('heading', { level: 1, name: `Quote Request #${requestId}` })).toBeVisible();
    await expect(rep.getByText('Nobody has taken this quote request yet')).toBeVisible();
    await expect(rep.getByRole('tab')).toHaveCount(0);
    await shoot(rep, 'quote-request-open');

    await rep.getByRole('button', { name: 'Take Request' }).click();
    await expect(rep.getByText('This quote request is yours')).toBeVisible();
    await expect(
      toast(rep, `You took Quote Request #${requestId}. Convert it to a quote when it is ready.`),
    ).toBeVisible();
    await expect(rep.getByRole('tab', { name: 'Lines', exact: true })).toBeVisible();
    await shoot(rep, 'quote-request-taken');

    // The list now says who has it.
    await rep.goto('/QuoteRequests');
    await expect(rep.getByRole('row').filter({ hasText: `#${requestId}` })).toContainText(DEMO.sales.username);
    await rep.goto(`/Quote/${requestId}`);

    await rep.getByRole('button', { name: 'Convert to Quote' }).click();
    await expect(rep.getByRole('heading', { level: 1, name: `Quote #${requestId}` })).toBeVisible();
    await expect(toast(rep, `Quote Request #${requestId} is now Quote #${requestId}.`)).toBeVisible();
    await expect(rep.getByTestId('quote-request-banner')).toHaveCount(0);
    await expect(rep.getByTestId('quote-total')).toHaveText(total ?? '');
    await rep.getByRole('tab', { name: 'Customer', exact: true }).click();
    await expect(rep.getByRole('textbox', { name: 'Email Address' })).toHaveValue(email);
    await shoot(rep, 'quote-request-converted');

    // It is on the rep's own dashboard now, as a quote.
    await rep.goto('/QuoteDashboard');
    await expect(rep.getByRole('row').filter({ hasText: `#${requestId}` })).toBeVisible();
    await repContext.close();
  });

  test('a visitor whose address has an account signs in and comes back to the configurator', async ({
    page,
    request,
  }) => {
    const token = await passwordToken(request, DEMO.sales.username, DEMO.sales.password);
    const productId = await productIdByName(request, token, CHAIR);
    const path = `/Configurator/${productId}/0/${randomUUID()}`;
    await page.goto(path);
    await page.getByRole('textbox', { name: /Email Address/ }).fill(DEMO.sales.username);
    await page.getByRole('button', { name: 'Start configuring' }).click();
    await expect(page.getByText(/An account with this email address already exists/)).toBeVisible();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/Login$/);
    const form = credentials(page);
    await expect(form.username).toHaveValue(DEMO.sales.username);
    await form.password.fill(DEMO.sales.password);
    await form.login.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(cfg(page).header).toContainText(MSG.totalPrice);
  });
});
