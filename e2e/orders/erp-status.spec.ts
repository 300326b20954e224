import type { APIRequestContext } from '@playwright/test';
import { call, signInAs, standaloneApi, superAdminToken, uniqueTag } from '../admin/support/admin';
import { startCsiStandInProcess, type TCsiStandInProcess } from '../support/csi-stand-in';
import { ERP_CUSTOMER_ID, placeErpOrder } from '../support/erp-order';
import { expect, test } from '../support/fixtures';
import { markNoReload, orderRow, ordersReady, wasNotReloaded } from './support';

/**
 * A platform of its own whose ERP is Infor CSI (the CSI stand-in, a process of its own): the order goes to the ERP
 * through the erp.submitOrder job, and the erp.pollStatuses job (every ERP_POLL_MS, short in e2e/playwright.config.ts)
 * brings the ERP's status changes to the open orders list. No other spec's platform or users are touched.
 */
test.describe('orders: ERP status', () => {
  test.describe.configure({ timeout: 120_000 });

  let csi: TCsiStandInProcess | undefined;
  let api: APIRequestContext;
  let adminToken: string;
  const pid = uniqueTag('erp');

  test.beforeAll(async ({ baseURL }) => {
    csi = await startCsiStandInProcess();
    api = await standaloneApi(baseURL);
    adminToken = await superAdminToken(api);
    // The connection first, then the integration: no status poll ever runs against a CSI without its settings.
    await call(api, adminToken, 'platformManagement/createPlatform', {
      input: { id: pid, name: `ERP ${pid}`, emailAddresses: 'orders@e2e.example.com' },
    });
    await call(api, adminToken, 'platformManagement/updateIntegrationSettings', { id: pid, erp: csi.connection() });
    await call(api, adminToken, 'platformManagement/updatePlatform', { id: pid, input: { integration: 'CSI' } });
  });

  test.afterAll(async () => {
    // Back to the built-in ERP before the stand-in goes: the platform's polls stop, and none fails on a closed port.
    if (api) {
      await call(api, adminToken, 'platformManagement/updatePlatform', { id: pid, input: { integration: 'default' } })
        .then(() => call(api, adminToken, 'platformManagement/updateIntegrationSettings', { id: pid, erp: null }))
        .catch(() => undefined);
      await api.dispose();
    }
    await csi?.stop();
  });

  test('an ERP status change appears on an open orders list without a reload', async ({
    browser,
    request,
  }, testInfo) => {
    const stand = csi!;
    // The buyer's order for the ERP's customer (its erpId copied to the quote), with no status type of ours.
    const { order, buyer, token } = await placeErpOrder(api, adminToken, pid, 'Loading bay');
    expect(order.erpId).toBe(ERP_CUSTOMER_ID);
    expect(order.statusTypeId).toBeNull();

    // The erp.submitOrder job sends it to CSI, which answers its order number and status (Ordered).
    await expect
      .poll(
        async () => {
          const { erpOrderNo, csiStatus } = await call(api, token, 'quoteManagement/getQuote', { id: order.id });
          return { hasErpOrderNo: Boolean(erpOrderNo), csiStatus };
        },
        { timeout: 30_000 },
      )
      .toEqual({ hasErpOrderNo: true, csiStatus: 'Ordered' });
    const { erpOrderNo } = await call(api, token, 'quoteManagement/getQuote', { id: order.id });

    // The buyer's orders list, open.
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const list = await context.newPage();
    await signInAs(list, request, buyer);
    await list.goto(`/Orders/${encodeURIComponent(buyer.username)}`);
    await ordersReady(list);
    const row = orderRow(list, order.id);
    await expect(row).toContainText('Loading bay');
    await expect(row.getByRole('cell', { name: 'Ordered', exact: true })).toBeVisible();
    await markNoReload(list);

    // The ERP completes the order; the next status poll records it and the list follows.
    await stand.setOrderStatus(erpOrderNo!, 'C');
    await expect(row.getByRole('cell', { name: 'Complete', exact: true })).toBeVisible({ timeout: 20_000 });
    expect(await wasNotReloaded(list)).toBe(true);
    const recorded = await call(api, token, 'quoteManagement/getQuote', { id: order.id });
    expect(recorded.csiStatus).toBe('Complete');

    await context.close();
  });
});
