import { MSG, msgQuantityNoGreaterThan, rmaNumberOf } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { signInAs } from '../admin/support/admin';
import { HINGE } from '../catalog/support';
import { captureScreen } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { expectNoSideScroll, toast } from '../support/ui';
import { freshBuyer, placedOrder } from './support';

/** The order's three hinges (placedOrder's line) are the line returned. */
const ORDERED = 3;

const rmaDialog = (page: Page) => page.getByRole('dialog', { name: 'Create RMA' });

test.describe('orders: return authorisation (RMA)', () => {
  test.setTimeout(120_000);

  test('Create RMA checks reason and quantity on submit, then the RMA shows in Returns and on its line', async ({
    page,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'rma-buyer', 'order');
    const order = await placedOrder(request, buyer.token, 'Returned hinges');
    await signInAs(page, request, buyer);
    await page.goto(`/Quote/${order.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order #${order.id}`);
    // Nothing returned yet: no Returns section.
    await expect(page.getByRole('heading', { name: 'Returns' })).toHaveCount(0);

    await page.getByRole('button', { name: `Create RMA for ${HINGE.number}` }).click();
    const dialog = rmaDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    await dialog.getByRole('button', { name: 'Create RMA' }).click();
    await expect(dialog.getByText('Please state a reason for this RMA', { exact: true })).toBeVisible();
    await captureScreen(page, 'rma-dialog-errors', testInfo);

    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Two hinges arrived bent.');
    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill(String(ORDERED + 1));
    await dialog.getByRole('button', { name: 'Create RMA' }).click();
    await expect(dialog.getByText(msgQuantityNoGreaterThan(ORDERED), { exact: true })).toBeVisible();
    await expect(dialog.getByText('Quantity can be no greater than 3', { exact: true })).toBeVisible();
    await expect(dialog.getByText(MSG.rmaReasonRequired)).toHaveCount(0);

    await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await dialog.getByRole('checkbox', { name: 'Enable RMA dispositions' }).check();
    await captureScreen(page, 'rma-dialog', testInfo);
    await dialog.getByRole('button', { name: 'Create RMA' }).click();
    await expect(toast(page, 'RMA Created!')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The Returns section lists it; the built-in ERP takes it at once (the job runs within a second or so).
    const rmaNumber = rmaNumberOf(order.id);
    const returns = page.getByRole('table', { name: 'Returns' });
    await expect(page.getByRole('heading', { name: 'Returns' })).toBeVisible();
    await expect(returns.getByRole('row').nth(1)).toContainText(rmaNumber);
    await expect(returns.getByRole('row').nth(1)).toContainText('Two hinges arrived bent.');
    await expect(returns.getByRole('row').nth(1)).toContainText(HINGE.number);
    await expect(returns.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('Yes');
    await expect(returns.getByRole('row').nth(1)).toContainText('Submitted', { timeout: 15_000 });
    // The line is marked with its RMA instead of the button.
    await expect(page.getByLabel(`${rmaNumber}: Submitted`)).toBeVisible();
    await expect(page.getByRole('button', { name: `Create RMA for ${HINGE.number}` })).toHaveCount(0);
    await captureScreen(page, 'rma-returns', testInfo);
    await expectNoSideScroll(page, 320);

    // A reload reads the same from the server.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Returns' })).toContainText(rmaNumber);
    await expect(page.getByLabel(`${rmaNumber}: Submitted`)).toBeVisible();
  });

  test('the dialog is full screen on a phone', async ({ page, request }) => {
    const buyer = await freshBuyer(request, 'rma-phone', 'order');
    const order = await placedOrder(request, buyer.token, 'Phone return');
    await signInAs(page, request, buyer);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/Quote/${order.id}`);
    await page.getByRole('button', { name: `Create RMA for ${HINGE.number}` }).click();
    const box = await rmaDialog(page).boundingBox();
    expect(box?.width).toBe(360);
    expect(box?.height).toBe(740);
    await rmaDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(rmaDialog(page)).toBeHidden();
  });
});
