import type { APIRequestContext, Page } from '@playwright/test';
import { captureScreen } from '../support/a11y';
import { strongPassword, uniqueEmail } from '../support/api';
import { startCsiStandInProcess, type TCsiStandInProcess } from '../support/csi-stand-in';
import { placeErpOrder } from '../support/erp-order';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/ui';
import { call, listLoaded, listUi, signInAs, standaloneApi, superAdminToken, uniqueTag } from './support/admin';

/**
 * Integration Jobs and platform Connections on a platform of their own, whose ERP is the CSI stand-in (a process of
 * its own) at first with a wrong password: the order's erp.submitOrder job fails for good (the ERP refuses the
 * sign-in), shows as Failed on /Jobs, and runs through once the password is fixed and the job retried.
 */
test.describe('administration: integration jobs and connections', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let csi: TCsiStandInProcess | undefined;
  let api: APIRequestContext;
  let superToken: string;
  const pid = uniqueTag('jobs');
  const admin = { username: uniqueEmail('jobs-admin'), password: strongPassword(), firstName: 'Jo', lastName: 'Admin' };
  let orderId = 0;

  test.beforeAll(async ({ baseURL }) => {
    csi = await startCsiStandInProcess();
    api = await standaloneApi(baseURL);
    superToken = await superAdminToken(api);
    await call(api, superToken, 'platformManagement/createPlatform', {
      input: { id: pid, name: `Jobs ${pid}`, emailAddresses: 'orders@e2e.example.com' },
    });
    await call(api, superToken, 'platformManagement/updateIntegrationSettings', {
      id: pid,
      erp: { ...csi.connection(), password: 'not-the-password' },
    });
    await call(api, superToken, 'platformManagement/updatePlatform', { id: pid, input: { integration: 'CSI' } });
    await call(api, superToken, 'userManagement/createUser', { input: { ...admin, pid, roleId: 'admin' } });

    // A buyer's order for a customer the ERP knows: its erp.submitOrder job meets the refused sign-in.
    const { order } = await placeErpOrder(api, superToken, pid, 'Bay 4');
    orderId = order.id;
  });

  test.afterAll(async () => {
    // Back to the built-in ERP and CRM before the stand-in goes: no poll of this platform fails on a closed port.
    if (api) {
      await call(api, superToken, 'platformManagement/updatePlatform', { id: pid, input: { integration: 'default' } })
        .then(() =>
          call(api, superToken, 'platformManagement/updateIntegrationSettings', { id: pid, erp: null, crm: null }),
        )
        .catch(() => undefined);
      await api.dispose();
    }
    await csi?.stop();
  });

  /** The jobs list's row of the order's job (table view). */
  // The order's ERP job: the order also has a job that prints its document.
  const orderJobRow = (page: Page) =>
    page.getByRole('row').filter({
      has: page.getByRole('cell', { name: `Order #${orderId}`, exact: true }),
      hasText: 'Send order to ERP',
    });

  test('a failed ERP call stops on /Jobs with its error; fixed and retried, it goes through', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, admin);
    await page.goto('/Administration');
    await page.getByRole('link', { name: /^Integration Jobs\b/ }).click();
    await expect(page).toHaveURL(/\/Jobs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Integration Jobs' })).toBeVisible();
    await listLoaded(page);

    // Failed only: the dead letter, with the ERP's refusal and a Retry.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    const row = orderJobRow(page);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('Send order to ERP');
    await expect(row).toContainText('Failed');
    await expect(row.getByRole('button', { name: /sign-in refused/i })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Retry job \d+$/ })).toBeVisible();
    await captureScreen(page, 'admin-jobs', testInfo);

    // Done jobs offer no Retry.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await listLoaded(page);
    for (const done of await page.getByRole('row').filter({ hasText: 'Done' }).all()) {
      await expect(done.getByRole('button', { name: /^Retry job/ })).toHaveCount(0);
    }

    // The administrator fixes the password; the retry goes through.
    await call(api, superToken, 'platformManagement/updateIntegrationSettings', { id: pid, erp: csi!.connection() });
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    const jobId = (await orderJobRow(page).getByRole('cell').first().textContent())?.trim();
    await orderJobRow(page)
      .getByRole('button', { name: `Retry job ${jobId}` })
      .click();
    await expect(toast(page, `Job #${jobId} will run again now.`)).toBeVisible();
    await expect
      .poll(
        async () =>
          (
            await call(api, superToken, 'administration/getJobs', {
              limit: 200,
              offset: 0,
              search: `Order #${orderId}`,
            })
          ).rows[0]?.status,
        {
          timeout: 30_000,
        },
      )
      .toBe('done');
    // The status polls of this platform come every second: the search finds the order's job among them.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Done' }).click();
    await listUi(page).search.fill(`Order #${orderId}`);
    await expect(orderJobRow(page)).toContainText('Done');
    await expect(orderJobRow(page).getByRole('button', { name: /^Retry job/ })).toHaveCount(0);
  });

  test('Connections: stored settings without their secrets; Salesforce on with its own checks; saved', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, admin);
    await page.goto(`/Platforms/edit/${pid}`);
    const section = page.getByRole('region', { name: 'Connections' });
    await expect(section.getByRole('textbox', { name: 'Base URL' })).toHaveValue(csi!.connection().baseUrl);
    await expect(section.getByLabel('Password')).toHaveValue('');
    await expect(section.getByLabel('Password')).toHaveAttribute('placeholder', 'Saved — leave empty to keep');

    await section.getByRole('switch', { name: 'Connect to Salesforce' }).check();
    await section.getByRole('textbox', { name: 'Instance URL' }).fill('acme.my.salesforce.com');
    await section.getByRole('button', { name: 'Save Connections' }).click();
    await expect(section.getByText('Enter the full address, starting with https://.')).toBeVisible();
    await expect(section.getByText('Enter the consumer key.')).toBeVisible();
    await captureScreen(page, 'admin-connections-errors', testInfo);

    await section.getByRole('textbox', { name: 'Instance URL' }).fill('https://acme.my.salesforce.com');
    await section.getByRole('textbox', { name: 'Consumer key' }).fill('3MVG9-e2e-key');
    await section.getByLabel('Consumer secret').fill('e2e-consumer-secret');
    await section.getByRole('button', { name: 'Save Connections' }).click();
    await expect(toast(page, 'Successfully updated Connections')).toBeVisible();
    // The secret is never shown back: the field is empty again and says one is stored.
    await expect(section.getByLabel('Consumer secret')).toHaveValue('');
    await expect(section.getByLabel('Consumer secret')).toHaveAttribute('placeholder', 'Saved — leave empty to keep');
    const stored = await call(api, superToken, 'platformManagement/getIntegrationSettings', { id: pid });
    expect(stored.crm).toEqual({
      instanceUrl: 'https://acme.my.salesforce.com',
      clientId: '3MVG9-e2e-key',
      hasClientSecret: true,
    });
    expect(stored.erp?.hasPassword).toBe(true);
    await captureScreen(page, 'admin-connections', testInfo);

    // Off again is the built-in CRM.
    await section.getByRole('switch', { name: 'Connect to Salesforce' }).uncheck();
    await section.getByRole('button', { name: 'Save Connections' }).click();
    await expect(toast(page, 'Successfully updated Connections')).toBeVisible();
    await expect
      .poll(async () => (await call(api, superToken, 'platformManagement/getIntegrationSettings', { id: pid })).crm)
      .toBeNull();
  });
});
