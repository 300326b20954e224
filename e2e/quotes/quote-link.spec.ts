import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { call, signInAs } from '../admin/support/admin';
import { LOCK, productByNumber } from '../catalog/support';
import { finishAndOpenQuote, idle, pickFromSelect } from '../configurator/support/configurator';
import { freshBuyer, orderableQuote } from '../orders/support';
import { expectAccessible } from '../support/a11y';
import { clientAddress, expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail-catcher';
import { shoot } from '../support/shoot';
import { expectNoSideScroll } from '../support/ui';

/** A browser of the customer's own: no account, no session, nothing shared with the rep's. */
async function customerPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() },
  });
  return context.newPage();
}

/** The link's path (/q/<token>): the app's PUBLIC_URL may name another host than the one the tests use. */
const pathOf = (url: string): string => new URL(url).pathname;

/** Shares the quote from its page with one address; answers the link the dialog shows once. */
async function shareFrom(page: Page, email: string): Promise<string> {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Share Quote #/ });
  const field = dialog.getByRole('textbox', { name: 'E-mail' });
  if ((await field.inputValue()) !== email) await field.fill(email);
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog.getByText(`Sent to ${email}`)).toBeVisible();
  const url = await dialog.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(url).toMatch(/\/q\/[A-Za-z0-9_-]{43}$/);
  return url;
}

/** Prints the quote through the review step: Create Quote (lead time chosen) or Update Quote (as it was). */
async function printQuote(page: Page, button: 'Create Quote' | 'Update Quote'): Promise<void> {
  await page.getByRole('tab', { name: 'Lines', exact: true }).click();
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('combobox', { name: /Lead time/ })).toBeVisible();
  if (button === 'Create Quote') await pickFromSelect(page, /Lead time/, '2-4 weeks');
  await idle(page);
  await finishAndOpenQuote(page, 'Create Quote');
}

/** Signs in the drawing box with a pointer: two strokes. */
async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: /Signature box/ });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature box is not on screen');
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) {
    await page.mouse.move(box.x + 30 + step * 18, box.y + box.height * (0.7 - 0.4 * Math.sin(step / 2)));
  }
  await page.mouse.up();
}

test.describe('the customer’s quote link', () => {
  test.setTimeout(300_000);

  test('shared, opened with no account, an optional line chosen, signed, paid by card; revoked and tampered links show the clear page', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    // A card-checkout rep's quote: two hinges, and a U-lock the rep makes optional.
    const seller = await freshBuyer(request, 'qlink', 'stripe');
    const ordered = await orderableQuote(request, seller.token, 'Loading bay 7', 2);
    // The contact's address: the Share dialog starts from it, and a card order's confirmation goes to it.
    const quote = await call(request, seller.token, 'quoteManagement/updateQuote', {
      id: ordered.id,
      version: ordered.version,
      input: { email: 'jane.buyer@example.com' },
    });
    const lock = await productByNumber(request, seller.token, LOCK.number);
    await call(request, seller.token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: lock.ID, quantity: 1 },
    });
    await signInAs(page, request, seller);
    await page.goto(`/Quote/${quote.id}`);
    await page.getByRole('tab', { name: 'Lines', exact: true }).click();
    const optional = page.getByRole('switch', { name: `Optional: ${LOCK.number}` });
    // The switch follows the server's answer, so it is clicked, then waited for.
    await optional.click();
    await expect(optional).toBeChecked();
    await expect(page.getByText('Optional', { exact: true }).first()).toBeVisible();

    // Create Quote prints it: only a printed quote is shared.
    await printQuote(page, 'Create Quote');

    // Two links; the second is revoked from the Shared links.
    const link = await shareFrom(page, 'jane.buyer@example.com');
    await shoot(page, 'quote-link-share-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    const revoked = await shareFrom(page, 'someone.else@example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Summary', exact: true }).click();
    const shares = page.getByRole('list', { name: 'Shared links' });
    await expect(shares.getByRole('listitem')).toHaveCount(2);
    const second = shares.getByRole('listitem').filter({ hasText: 'someone.else@example.com' });
    await second.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke the link' }).getByRole('button', { name: 'Revoke link' }).click();
    await expect(second.getByLabel('Status: Revoked')).toBeVisible();
    await page.mouse.move(0, 400);
    await expectAccessible(page, 'quote-link-shares', testInfo);
    await shoot(page, 'quote-link-shares');

    // A revoked link and a tampered one (one character changed) open nothing, alike.
    const customer = await customerPage(browser, baseURL);
    await customer.goto(pathOf(revoked));
    await expect(customer.getByRole('heading', { level: 1, name: 'This link does not open a quote' })).toBeVisible();
    const token = pathOf(link).slice(3);
    const tampered = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    await customer.goto(`/q/${tampered}`);
    await expect(customer.getByRole('heading', { level: 1, name: 'This link does not open a quote' })).toBeVisible();
    await expect(customer.getByText('Loading bay 7')).toHaveCount(0);
    await expectAccessible(customer, 'quote-link-unavailable', testInfo);
    await shoot(customer, 'quote-link-unavailable');

    // The real link, in a browser with no account: the quote as printed, no app navigation.
    await customer.goto(pathOf(link));
    await expect(customer.getByRole('heading', { level: 1, name: `Quote #${quote.id}` })).toBeVisible();
    await expect(customer.getByRole('link', { name: /Sign in|Login/ })).toHaveCount(0);
    const total = customer.getByTestId('portal-total');
    await expect(total).toHaveText('$131.00');
    const include = customer.getByRole('checkbox', { name: 'Include line 2' });
    await include.click();
    await expect(total).toHaveText('$77.00');
    await include.click();
    await expect(total).toHaveText('$131.00');
    await include.click();
    await expect(total).toHaveText('$77.00');
    await expect(include).toBeEnabled();

    await customer.getByRole('textbox', { name: 'Your comment' }).fill('Can the hinges ship next week?');
    await customer.getByRole('button', { name: 'Send comment' }).click();
    await expect(customer.getByRole('list', { name: 'Comments' })).toContainText('Can the hinges ship next week?');
    await expectAccessible(customer, 'quote-link-open', testInfo);
    await shoot(customer, 'quote-link-open');
    await expectNoSideScroll(customer);

    // The rep sees the customer's comment with the quote's communications.
    await page.getByRole('tab', { name: 'Lines', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Comments' })).toContainText('Can the hinges ship next week?');

    // Sign (drawn), agree, pay with the test card.
    await customer.getByRole('textbox', { name: 'Full name' }).fill('Jane Buyer');
    await customer.getByRole('textbox', { name: 'Title' }).fill('Purchasing manager');
    await drawSignature(customer);
    await expect(customer.getByRole('img', { name: 'Your drawn signature' })).toBeVisible();
    await customer.getByRole('checkbox', { name: /I accept this quote/ }).check();
    await customer.getByRole('textbox', { name: 'Card Number' }).fill('4242424242424242');
    await customer.getByRole('textbox', { name: 'Expiry' }).fill('12/39');
    await customer.getByRole('textbox', { name: 'CVC' }).fill('123');
    await customer.getByRole('textbox', { name: 'Card ZIP' }).fill('78701');
    await shoot(customer, 'quote-link-accept');
    await customer.getByRole('button', { name: 'Accept and pay $77.00' }).click();
    await expect(customer.getByRole('heading', { name: `Accepted. Order #${quote.id}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(customer.getByText('Paid by card')).toBeVisible();
    await expectAccessible(customer, 'quote-link-accepted', testInfo);
    await shoot(customer, 'quote-link-accepted');
    await expectNoSideScroll(customer);

    // The rep's open page shows the order, live.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${quote.id}`, { timeout: 30_000 });

    // Opened again, the link shows the accepted quote, read-only.
    await customer.reload();
    await expect(customer.getByRole('heading', { name: `Accepted. Order #${quote.id}` })).toBeVisible();
    await expect(customer.getByRole('checkbox', { name: /Include line/ })).toHaveCount(0);
    await expect(customer.getByRole('heading', { name: 'Accept this quote' })).toHaveCount(0);
    await customer.context().close();
  });

  test('a link shared before the quote was printed again offers the current one; accepted with a typed signature and a PO', async ({
    page,
    request,
    browser,
    baseURL,
  }, testInfo) => {
    const address = 'sam.supersede@example.com';
    const seller = await freshBuyer(request, 'qlinkpo', 'order');
    const ordered = await orderableQuote(request, seller.token, 'Dock doors', 3);
    const quote = await call(request, seller.token, 'quoteManagement/updateQuote', {
      id: ordered.id,
      version: ordered.version,
      input: { email: address },
    });
    await signInAs(page, request, seller);
    await page.goto(`/Quote/${quote.id}`);
    await printQuote(page, 'Create Quote');
    const link = await shareFrom(page, address);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
    // A new revision after sharing: the link no longer shows the quote.
    await printQuote(page, 'Update Quote');

    const customer = await customerPage(browser, baseURL);
    await customer.goto(pathOf(link));
    await expect(
      customer.getByRole('heading', { level: 1, name: 'This quote was updated after it was shared with you' }),
    ).toBeVisible();
    await expect(customer.getByText('Dock doors')).toHaveCount(0);
    await expectAccessible(customer, 'quote-link-superseded', testInfo);
    await shoot(customer, 'quote-link-superseded');
    const since = Date.now();
    await customer.getByRole('button', { name: 'Send me the current quote' }).click();
    await expect(customer.getByText(/^We sent a new link to .+@example\.com/)).toBeVisible();
    const mail = (await waitForMail(address, since)).replace(/=\r?\n/g, '');
    const current = /\/q\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(current, 'a link in the mail').toBeTruthy();

    // The current revision, accepted from the keyboard's way to sign (Type) with a purchase-order number.
    await customer.goto(`/q/${current}`);
    await expect(customer.getByRole('heading', { level: 1, name: `Quote #${quote.id}` })).toBeVisible();
    await expect(customer.getByText('Revision 2')).toBeVisible();
    await customer.getByRole('textbox', { name: 'Full name' }).fill('Sam Supersede');
    await customer.getByRole('textbox', { name: 'Title' }).fill('Operations lead');
    await customer.getByRole('tab', { name: 'Type' }).click();
    await expect(customer.getByRole('textbox', { name: 'Type your signature' })).toHaveValue('Sam Supersede');
    await customer.getByRole('checkbox', { name: /I accept this quote/ }).check();
    await customer.getByRole('textbox', { name: 'Purchase-order number' }).fill('PO-5521');
    await shoot(customer, 'quote-link-accept-po');
    await customer.getByRole('button', { name: 'Accept quote' }).click();
    await expect(customer.getByRole('heading', { name: `Accepted. Order #${quote.id}` })).toBeVisible({
      timeout: 30_000,
    });
    await expect(customer.getByText('PO number PO-5521')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${quote.id}`, { timeout: 30_000 });
    await customer.context().close();
  });
});
