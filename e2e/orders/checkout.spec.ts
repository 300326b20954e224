import { formatCurrency, toCents } from '@cpq/contracts';
import type { Page, Request } from '@playwright/test';
import { signInAs } from '../admin/support/admin';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail-catcher';
import { shoot } from '../support/shoot';
import { expectNoSideScroll } from '../support/ui';
import { fillBillingAddress, freshBuyer, openSummary, orderableQuote, orderRow, ordersReady } from './support';

const THANKS = 'Thank you! Your order was completed successfully.';
const thanksHeading = (page: Page) => page.getByRole('heading', { level: 1, name: THANKS });

/** Every body the page sends to a route, as sent. */
function recordBodies(page: Page, path: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/v1/${path}`)) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

test.describe('checkout', () => {
  test.setTimeout(240_000);

  test('order by purchase order: Place Order, the thank-you screen, the mail, the orders list and the order', async ({
    page,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'po-buyer', 'order');
    const quote = await orderableQuote(request, buyer.token, 'North dock hinges');
    await signInAs(page, request, buyer);
    const placeOrderCalls = recordBodies(page, 'quoteManagement/placeOrder');
    await openSummary(page, quote.id);
    const panel = page.getByRole('region', { name: 'Purchase Order' });
    await expect(panel.getByRole('heading', { name: 'Purchase Order' })).toBeVisible();

    // No number: the field says what to do, and nothing is sent.
    await panel.getByRole('button', { name: 'Place Order' }).click();
    await expect(panel.getByText('Enter the purchase-order number.')).toBeVisible();
    expect(placeOrderCalls).toHaveLength(0);
    await expectAccessible(page, 'orders-po-panel', testInfo);
    await shoot(page, 'orders-po-panel');

    const since = Date.now();
    await panel.getByRole('textbox', { name: 'PO Number' }).fill('PO-2026-118');
    // A double click places one order.
    await panel.getByRole('button', { name: 'Place Order' }).dblclick();
    await expect(page).toHaveURL(/\/ThankYou$/);
    await expect(thanksHeading(page)).toBeVisible();
    await expect(thanksHeading(page)).toBeFocused();
    await expect(page.getByTestId('order-number')).toHaveText(`#${quote.id}`);
    await expect(
      page.getByText('An e-mail confirmation with the order details was sent to the address provided.'),
    ).toBeVisible();
    expect(placeOrderCalls.map((body) => JSON.parse(body))).toEqual([
      { id: quote.id, version: quote.version, poNumber: 'PO-2026-118' },
    ]);
    const mail = await waitForMail(buyer.username, since);
    expect(mail).toContain(`Order #${quote.id} confirmed`);
    await expectAccessible(page, 'orders-thank-you', testInfo);
    await shoot(page, 'orders-thank-you');
    await expectNoSideScroll(page);

    // A reload keeps the number (the history entry keeps its state); opened afresh, the page claims no order.
    await page.reload();
    await expect(page.getByTestId('order-number')).toHaveText(`#${quote.id}`);
    await page.getByRole('link', { name: 'Back to Quotes' }).click();
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    await page.goto('/ThankYou');
    await expect(page.getByRole('heading', { level: 1, name: 'No recent order' })).toBeVisible();
    await expect(thanksHeading(page)).toHaveCount(0);
    await expect(page.getByTestId('order-number')).toHaveCount(0);
    await shoot(page, 'orders-thank-you-no-order');

    // The header's Orders link: the new order, newest first, with the fallback status.
    await page.getByRole('link', { name: 'Orders', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/Orders/${encodeURIComponent(buyer.username)}$`));
    await ordersReady(page);
    await expect(page.getByText('Orders update automatically.')).toBeVisible();
    const row = orderRow(page, quote.id);
    await expect(row).toContainText('Grace Hopper');
    await expect(row).toContainText('North dock hinges');
    await expect(row).toContainText('Ordered');
    await expect(row).toContainText(formatCurrency(quote.totalCost));
    await expectAccessible(page, 'orders-list', testInfo);
    await shoot(page, 'orders-list');

    // The order: only the Summary, Back, Print and View; no payment or PO panel.
    await row.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${quote.id}`);
    await expect(page.getByRole('status', { name: 'Order status: Ordered' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'View', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Purchase Order' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveCount(0);
    await expectAccessible(page, 'orders-order-view', testInfo);
    await shoot(page, 'orders-order-view');
  });

  test('order by card through the test gateway: a declined card, a card that is not a test card, then a good one', async ({
    page,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'card-buyer', 'stripe');
    const quote = await orderableQuote(request, buyer.token, 'Card paid hinges');
    await signInAs(page, request, buyer);
    const payments = recordBodies(page, 'paymentManagement/payment');
    await openSummary(page, quote.id);
    const panel = page.getByRole('region', { name: 'Pay by Card' });
    await expect(panel.getByRole('textbox', { name: 'PO Number' })).toHaveCount(0);
    const number = panel.getByRole('textbox', { name: 'Card Number' });
    const pay = panel.getByRole('button', { name: `Pay ${formatCurrency(quote.totalCost)}` });

    // The billing contact: the quote's name and the buyer's e-mail are there; the address is added.
    const contact = panel.getByRole('region', { name: 'Billing contact' });
    await expect(contact.getByRole('textbox', { name: 'First Name' })).toHaveValue('Grace');
    await expect(contact.getByRole('textbox', { name: 'Email Address' })).toHaveValue(buyer.username);
    await fillBillingAddress(page, panel);

    // Validated on submit: every field says what to fix.
    await pay.click();
    await expect(panel.getByText('Enter the card number.')).toBeVisible();
    await expect(panel.getByText('Enter the expiry date as MM / YY.')).toBeVisible();
    await expectAccessible(page, 'orders-card-errors', testInfo);

    // Typed as a person types: the number groups itself, the expiry becomes MM / YY.
    await number.pressSequentially('4000000000000002');
    await expect(number).toHaveValue('4000 0000 0000 0002');
    await panel.getByRole('textbox', { name: 'Expiry' }).pressSequentially('1239');
    await expect(panel.getByRole('textbox', { name: 'Expiry' })).toHaveValue('12 / 39');
    await panel.getByRole('textbox', { name: 'CVC' }).fill('123');
    await panel.getByRole('textbox', { name: 'Card ZIP' }).fill('78701');
    await pay.click();
    await expect(panel.getByRole('alert')).toHaveText('Your card was declined. Use another card or contact your bank.');
    await expect(pay).toBeEnabled();
    await expectAccessible(page, 'orders-card-declined', testInfo);
    await shoot(page, 'orders-card-declined');
    await expectNoSideScroll(page);

    // A real card's number is refused in the browser, naming a test card; nothing is sent.
    await number.fill('4111 1111 1111 1111');
    await pay.click();
    await expect(panel.getByText('Use a test card, such as 4242 4242 4242 4242.')).toBeVisible();
    expect(payments).toHaveLength(1);

    await number.fill('4242 4242 4242 4242');
    await pay.click();
    await expect(thanksHeading(page)).toBeVisible();
    await expect(page.getByTestId('order-number')).toHaveText(`#${quote.id}`);
    const sent = payments.map((body) => JSON.parse(body));
    const amount = toCents(quote.totalCost);
    // The contact was saved on the quote before the first charge: both go against that version.
    expect(sent).toEqual([
      { amount, id: 'pm_card_chargeDeclined', quoteId: quote.id, version: quote.version + 1 },
      { amount, id: 'pm_card_visa', quoteId: quote.id, version: quote.version + 1 },
    ]);
    // The card number never reaches our server.
    expect(payments.join('')).not.toMatch(/4242|4000000000000002|4111/);
    await page.goto(`/Quote/${quote.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${quote.id}`);
  });
});
