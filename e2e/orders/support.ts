import { randomUUID } from 'node:crypto';
import type { TQuote } from '@cpq/contracts';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { call } from '../admin/support/admin';
import { HINGE, productByNumber } from '../catalog/support';
import { apiCall, DEMO, passwordToken, strongPassword, uniqueEmail } from '../support/api';

/** A buyer of the `default` platform: purchase order ('order') or card ('stripe') checkout, with a token. */
export type TBuyer = { username: string; password: string; token: string };

export async function freshBuyer(
  request: APIRequestContext,
  tag: string,
  checkoutType: 'order' | 'stripe',
): Promise<TBuyer> {
  const admin = await passwordToken(request, DEMO.superAdmin.username, DEMO.superAdmin.password);
  const user = { username: uniqueEmail(tag), password: strongPassword(), firstName: 'Olive', lastName: 'Order' };
  await apiCall(
    request,
    'userManagement/createUser',
    { input: { ...user, pid: 'default', roleId: 'registered', checkoutType } },
    admin,
  );
  return { ...user, token: await passwordToken(request, user.username, user.password) };
}

/** A quote of the buyer's that can be ordered: a project name, a contact and `hinges` fixed-price hinge lines. */
export async function orderableQuote(request: APIRequestContext, token: string, name: string, hinges = 3) {
  const created = await call(request, token, 'quoteManagement/createQuote', { input: { _id: randomUUID(), name } });
  const hinge = await productByNumber(request, token, HINGE.number);
  await call(request, token, 'quoteManagement/createLine', {
    input: { _id: randomUUID(), quoteId: created.id, productId: hinge.ID, quantity: hinges },
  });
  const quote = await call(request, token, 'quoteManagement/getQuote', { id: created.id });
  return call(request, token, 'quoteManagement/updateQuote', {
    id: quote.id,
    version: quote.version,
    input: { firstName: 'Grace', lastName: 'Hopper' },
  });
}

/** Places the order by purchase order through the API (for tests whose subject is what follows). */
export async function placedOrder(request: APIRequestContext, token: string, name: string): Promise<TQuote> {
  const quote = await orderableQuote(request, token, name);
  return call(request, token, 'quoteManagement/placeOrder', { id: quote.id, version: quote.version, poNumber: 'PO-1' });
}

/** Opens a quote on its Summary tab. */
export async function openSummary(page: Page, quoteId: number): Promise<void> {
  await page.goto(`/Quote/${quoteId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quoteId}`);
  await page.getByRole('tab', { name: 'Summary', exact: true }).click();
}

/** An orders list has settled: rows or its empty state, no skeletons. */
export async function ordersReady(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: /Orders/ })).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

/** The orders list's row of this order (table view). */
export const orderRow = (page: Page, orderId: number) =>
  page.getByRole('row', { name: new RegExp(`^Order #${orderId}\\b`) });

/** Puts a marker on the page's window: still there later means the page was not reloaded in between. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { notReloaded?: boolean }).notReloaded = true;
  });
}
export const wasNotReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

/** Types a billing address (Texas) into card checkout's Billing contact, as a buyer does before paying. */
export async function fillBillingAddress(page: Page, panel: Locator): Promise<void> {
  const contact = panel.getByRole('region', { name: 'Billing contact' });
  await contact.getByRole('textbox', { name: 'Address', exact: true }).fill('500 Congress Ave');
  await contact.getByRole('textbox', { name: 'City', exact: true }).fill('Austin');
  await contact.getByRole('combobox', { name: /State/ }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Texas', exact: true }).click();
  await contact.getByRole('textbox', { name: 'Zip', exact: true }).fill('78701');
}
