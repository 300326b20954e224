import { formatDate, MSG } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { signInAs } from '../admin/support/admin';
import { finishAndOpenQuote, idle, pickFromSelect } from '../configurator/support/configurator';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { waitForMail } from '../support/mail-catcher';
import { shoot } from '../support/shoot';
import { toast } from '../support/ui';
import { freshBuyer, openSummary, orderableQuote, orderRow, ordersReady } from './support';

/** The write-up's screens at the brief's phone and desktop widths. */
const WIDTHS = [390, 1280] as const;

/** Types into a configurator text field and sends it the way a user does (Tab). */
async function typeAndTab(page: Page, name: RegExp, text: string): Promise<void> {
  const field = page.getByRole('textbox', { name });
  await field.fill(text);
  await field.press('Tab');
  await idle(page);
}

test.describe('the SO write-up', () => {
  test.setTimeout(300_000);

  test('Create Quote, then Create Order: the write-up places the order, PO and write-up carried over', async ({
    page,
    request,
  }, testInfo) => {
    // A sales user's quote with a line and a contact.
    const seller = await freshBuyer(request, 'writeup', 'order');
    const quote = await orderableQuote(request, seller.token, 'Loading bay 4', 2);
    await signInAs(page, request, seller);
    await openSummary(page, quote.id);

    // Create Quote: the review step prints the quote.
    await page.getByRole('button', { name: 'Create Quote', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/Configurator/31/${quote.id}/[0-9a-f-]{36}`));
    await pickFromSelect(page, /Lead time/, '2-4 weeks');
    await idle(page);
    await finishAndOpenQuote(page, 'Create Quote');
    await page.mouse.move(0, 400);
    await expect(toast(page, `Updated Quote #${quote.id}`)).toBeHidden();

    // Create Order: the write-up, in SO write-up mode.
    await page.getByRole('tab', { name: 'Summary', exact: true }).click();
    await page.getByRole('button', { name: 'Create Order', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/Configurator/33/${quote.id}/[0-9a-f-]{36}`));
    const writeUpUrl = page.url();
    await expect(page.getByRole('textbox', { name: /Customer PO number/ })).toBeVisible();
    await typeAndTab(page, /Customer PO number/, 'PO-88213');
    // Not a date: the field says how to write one, and Create Order does not appear.
    const shipDate = page.getByRole('textbox', { name: /Requested ship date/ });
    await shipDate.fill('Test');
    await shipDate.press('Tab');
    await expect(page.getByText(MSG.invalidDate)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Order', exact: true })).toHaveCount(0);
    // Focus leaves the field's info button, whose tooltip would cover the message in the picture.
    await page.getByRole('heading', { name: 'Purchase order' }).click();
    await expectAccessible(page, 'orders-write-up-date-error', testInfo);
    await shoot(page, 'orders-write-up-date-error', { widths: WIDTHS });
    await typeAndTab(page, /Requested ship date/, '02/30/2027');
    await expect(page.getByText(MSG.invalidDate)).toBeVisible();
    const since = Date.now();
    await typeAndTab(page, /Requested ship date/, '03/15/2027');
    await expect(page.getByText(MSG.invalidDate)).toHaveCount(0);
    await shoot(page, 'orders-write-up', { widths: WIDTHS });

    // Finishing places the order and opens it.
    const finished = await finishAndOpenQuote(page, 'Create Order');
    expect(finished).toMatchObject({ quoteId: quote.id, quoteType: 2, lineId: null });
    await expect(toast(page, `Order #${quote.id} placed.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${quote.id}`);
    await expect(page.getByTestId('order-status')).toHaveText('Ordered');
    const summary = page.getByRole('article', { name: 'Quote summary' });
    await expect(summary).toContainText('PO-88213');
    const documents = page.getByRole('list', { name: 'Printed revisions' }).getByRole('button');
    // The order's own document is printed by a job after the order commits: it joins the list when it is ready.
    await expect(documents).toHaveCount(3, { timeout: 30_000 });
    await expect(page.getByText('Preparing the order document…')).toHaveCount(0);
    await expect(documents.filter({ hasText: 'Sales Order Write-up Rev 1' })).toHaveText(
      `Sales Order Write-up Rev 1${formatDate(new Date())}`,
    );
    await expect(documents.filter({ hasText: 'Order Rev 2' })).toHaveCount(1);
    await expect(documents.filter({ hasText: 'Quote Rev 1' })).toHaveCount(1);
    // No way to change the order: no quote tabs, no PO panel, no Create or Update buttons.
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Purchase Order' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^(Create|Update) (Quote|Order)$/ })).toHaveCount(0);
    const mail = await waitForMail(seller.username, since);
    expect(mail).toContain(`Order #${quote.id} confirmed`);
    expect(mail).toContain('Purchase order: PO-88213.');
    await page.mouse.move(0, 400);
    await expect(toast(page, `Order #${quote.id} placed.`)).toBeHidden();
    await expectAccessible(page, 'orders-written-up', testInfo);
    await shoot(page, 'orders-written-up', { widths: WIDTHS });

    // The order is in the Orders list, 'Ordered'.
    await page.goto(`/Orders/${encodeURIComponent(seller.username)}`);
    await ordersReady(page);
    await expect(orderRow(page, quote.id)).toContainText('Ordered');
    await expect(orderRow(page, quote.id)).toContainText(formatDate(new Date()));

    // Opening the write-up again (a bookmark, the browser's history) places no second order: it says why.
    await page.goto(writeUpUrl);
    await expect(page.getByText(`Quote #${quote.id} is already an order. Open it from Orders.`)).toBeVisible();
  });
});
