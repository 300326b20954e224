import { signInAs } from '../admin/support/admin';
import { expectAccessible } from '../support/a11y';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { toast, useSession } from '../support/ui';
import { freshBuyer, markNoReload, orderRow, ordersReady, placedOrder, wasNotReloaded } from './support';

test.describe('orders: live status', () => {
  test.setTimeout(180_000);

  test('an administrator sets a status; the buyer’s orders list and open order follow without a reload', async ({
    browser,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'live-buyer', 'order');
    const order = await placedOrder(request, buyer.token, 'Live status hinges');

    // The buyer, in a browser context of their own: the orders list and the order, each in its tab.
    const buyerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const list = await buyerContext.newPage();
    const session = await signInAs(list, request, buyer);
    await list.goto(`/Orders/${encodeURIComponent(buyer.username)}`);
    await ordersReady(list);
    await expect(orderRow(list, order.id)).toContainText('Ordered');
    // The session lives in each tab's sessionStorage, as when the buyer opens a second tab and signs in there.
    const view = await buyerContext.newPage();
    await useSession(view, session);
    await view.goto(`/Quote/${order.id}`);
    await expect(view.getByRole('status', { name: 'Order status: Ordered' })).toBeVisible();
    await markNoReload(list);
    await markNoReload(view);

    // The administrator, in another context: the platform's orders, then the order's Status select.
    const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const admin = await adminContext.newPage();
    await signInAs(admin, request, DEMO.admin);
    await admin.goto(`/Orders/${encodeURIComponent(DEMO.admin.username)}`);
    await admin.getByRole('button', { name: 'All Orders' }).click();
    await expect(admin).toHaveURL(/\/Orders\/default$/);
    await ordersReady(admin);
    await expect(admin.getByRole('heading', { level: 1, name: 'All Orders' })).toBeVisible();
    await expect(orderRow(admin, order.id)).toContainText('Live status hinges');
    await expectAccessible(admin, 'orders-admin-list', testInfo);
    await shoot(admin, 'orders-admin-list');

    await orderRow(admin, order.id).click();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.id}`);
    const status = admin.getByRole('combobox', { name: 'Status' });
    await status.click();
    await admin.getByRole('option', { name: 'Shipped' }).click();
    await expect(toast(admin, `Order #${order.id} is now Shipped.`)).toBeVisible();
    await expect(admin.getByRole('status', { name: 'Order status: Shipped' })).toBeVisible();
    await expectAccessible(admin, 'orders-admin-order', testInfo);
    await shoot(admin, 'orders-admin-order');

    // The buyer's tabs follow the change (Shipped is above a registered user's level: the socket's label shows it).
    await expect(orderRow(list, order.id)).toContainText('Shipped');
    await expect(view.getByRole('status', { name: 'Order status: Shipped' })).toBeVisible();
    expect(await wasNotReloaded(list)).toBe(true);
    expect(await wasNotReloaded(view)).toBe(true);

    await adminContext.close();
    await buyerContext.close();
  });

  test('a registered user asking for a platform’s orders sees their own', async ({ page, request }) => {
    const buyer = await freshBuyer(request, 'own-buyer', 'order');
    await signInAs(page, request, buyer);
    await page.goto('/Orders/default');
    await expect(page).toHaveURL(new RegExp(`/Orders/${encodeURIComponent(buyer.username)}$`));
    await ordersReady(page);
    await expect(page.getByText('No orders yet')).toBeVisible();
    await expect(page.getByRole('button', { name: 'All Orders' })).toHaveCount(0);
  });
});
