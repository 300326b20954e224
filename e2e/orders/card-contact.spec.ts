import { randomUUID } from 'node:crypto';
import { formatCurrency, MSG } from '@cpq/contracts';
import type { Locator, Page, Request } from '@playwright/test';
import { call, signInAs } from '../admin/support/admin';
import { HINGE, productByNumber } from '../catalog/support';
import { expectAccessible } from '../support/a11y';
import { uniqueEmail } from '../support/api';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail-catcher';
import { shoot } from '../support/shoot';
import { shootPhone } from '../support/shoot-phone';
import { freshBuyer, openSummary } from './support';

/** Every body the page sends to a route, as sent. */
function recordBodies(page: Page, path: string): string[] {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/v1/${path}`)) bodies.push(request.postData() ?? '');
  });
  return bodies;
}

async function fillTestCard(panel: Locator): Promise<void> {
  await panel.getByRole('textbox', { name: 'Card Number' }).fill('4242 4242 4242 4242');
  await panel.getByRole('textbox', { name: 'Expiry' }).pressSequentially('1239');
  await panel.getByRole('textbox', { name: 'CVC' }).fill('123');
  await panel.getByRole('textbox', { name: 'Card ZIP' }).fill('78701');
}

test.describe('card checkout: the billing contact', () => {
  test.setTimeout(180_000);

  test('asks for the contact before charging, prefilled from the user; stores it on the quote; mails that address', async ({
    page,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'card-contact', 'stripe');
    // A quote with lines and no contact or address at all.
    const created = await call(request, buyer.token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'No contact yet' },
    });
    const hinge = await productByNumber(request, buyer.token, HINGE.number);
    await call(request, buyer.token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: created.id, productId: hinge.ID, quantity: 2 },
    });
    const quote = await call(request, buyer.token, 'quoteManagement/getQuote', { id: created.id });
    await signInAs(page, request, buyer);
    const payments = recordBodies(page, 'paymentManagement/payment');
    await openSummary(page, quote.id);
    const panel = page.getByRole('region', { name: 'Pay by Card' });
    const contact = panel.getByRole('region', { name: 'Billing contact' });
    const field = (name: string) => contact.getByRole('textbox', { name, exact: true });

    // Prefilled from the signed-in user.
    await expect(field('First Name')).toHaveValue('Olive');
    await expect(field('Last Name')).toHaveValue('Order');
    await expect(field('Email Address')).toHaveValue(buyer.username);

    // A good card but no billing address: each missing field says so; nothing is charged.
    await fillTestCard(panel);
    const pay = panel.getByRole('button', { name: `Pay ${formatCurrency(quote.totalCost)}` });
    await pay.click();
    await expect(contact.getByText(MSG.fieldRequired)).toHaveCount(3);
    await expect(contact.getByText('Choose a state from the list.')).toBeVisible();
    await expect(contact.getByText(MSG.zipFormat)).toHaveCount(0);
    await expect(field('Address')).toBeFocused();
    expect(payments).toHaveLength(0);
    await expectAccessible(page, 'orders-card-contact-errors', testInfo);
    await shoot(page, 'orders-card-contact-errors');
    await shootPhone(page, 'orders-card-contact-errors');

    // The confirmation goes to another mailbox than the buyer's own.
    const billingEmail = uniqueEmail('billing');
    await field('Email Address').fill(billingEmail);
    await field('Address').fill('500 Congress Ave');
    await field('City').fill('Austin');
    await contact.getByRole('combobox', { name: /State/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Texas', exact: true }).click();
    await field('Zip').fill('78701-1234');
    await pay.click();
    await expect(contact.getByText(MSG.zipFormat)).toBeVisible();
    expect(payments).toHaveLength(0);

    await field('Zip').fill('78701');
    const since = Date.now();
    await pay.click();
    await expect(page).toHaveURL(/\/ThankYou$/);
    await expect(page.getByTestId('confirmation-email')).toHaveText(billingEmail);
    await shoot(page, 'orders-card-thank-you-email');
    await shootPhone(page, 'orders-card-thank-you-email');
    const mail = await waitForMail(billingEmail, since);
    expect(mail).toContain(`Order #${quote.id} confirmed`);
    expect(JSON.parse(payments[0] ?? '{}')).toMatchObject({ quoteId: quote.id, version: quote.version + 1 });

    // Stored on the quote: the order shows the contact and the billing address.
    const order = await call(request, buyer.token, 'quoteManagement/getQuote', { id: quote.id });
    expect(order).toMatchObject({
      type: 2,
      firstName: 'Olive',
      lastName: 'Order',
      contact: { email: billingEmail },
      billingAddress: { Address: '500 Congress Ave', City: 'Austin', State: 'TX', Zip: '78701' },
    });
  });
});
