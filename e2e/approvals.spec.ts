import { randomUUID } from 'node:crypto';
import { APPROVAL_MSG, msgApprovalRequired, msgSaved } from '@cpq/contracts';
import type { APIRequestContext } from '@playwright/test';
import { call, signInAs, standaloneApi, superAdminToken, uniqueTag } from './admin/support/admin';
import { strongPassword, uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail-catcher';
import { shoot } from './support/shoot';
import { shootPhone } from './support/shoot-phone';
import { toast } from './support/ui';

/**
 * The approval journey on a platform of its own (its rules hold no other spec's quotes): an administrator makes a
 * rule on /ApprovalRules (step 2) beside a step-1 rule naming a manager; a sales user gives 40% off a line, the quote
 * asks for approval and is submitted; the manager sees the count on the header's Approvals and approves step 1 from
 * the link in the approval e-mail, the administrator approves step 2 from /Approvals, and the
 * quote orders.
 */
test.describe('approvals', () => {
  test.setTimeout(180_000);

  let api: APIRequestContext;
  const pid = uniqueTag('apr');
  const admin = {
    username: uniqueEmail('apr-admin'),
    password: strongPassword(),
    firstName: 'Avery',
    lastName: 'Admin',
  };
  const sales = { username: uniqueEmail('apr-sales'), password: strongPassword(), firstName: 'Sid', lastName: 'Sales' };
  const manager = {
    username: uniqueEmail('apr-manager'),
    password: strongPassword(),
    firstName: 'Mia',
    lastName: 'Manager',
  };
  let managerId = 0;

  test.beforeAll(async ({ baseURL }) => {
    api = await standaloneApi(baseURL);
    const token = await superAdminToken(api);
    await call(api, token, 'platformManagement/createPlatform', {
      input: { id: pid, name: `Approvals ${pid}`, emailAddresses: 'orders@e2e.example.com' },
    });
    await call(api, token, 'userManagement/createUser', { input: { ...admin, pid, roleId: 'admin' } });
    await call(api, token, 'userManagement/createUser', { input: { ...sales, pid, roleId: 'registered' } });
    const created = await call(api, token, 'userManagement/createUser', {
      input: { ...manager, pid, roleId: 'admin' },
    });
    managerId = created.user.id;
  });
  test.afterAll(async () => api?.dispose());

  test('40% off a line asks for approval; a named manager approves from the e-mail, an administrator from the list; the quote orders', async ({
    browser,
    page,
    request,
  }, testInfo) => {
    // The administrator's rule: a line discount above 30% needs level 5.
    const adminSession = await signInAs(page, request, admin);
    await page.goto('/Administration');
    await page.getByRole('link', { name: /Approval Rules/ }).click();
    await expect(page.getByRole('heading', { name: 'Approval Rules' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Approval Rule' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Create Approval Rule' });
    await panel.getByRole('textbox', { name: 'Name' }).fill('Director');
    await panel.getByRole('textbox', { name: 'Step' }).fill('2');
    await panel.getByRole('textbox', { name: 'Threshold (%)' }).fill('30');
    await shoot(page, 'approval-rule-panel', { widths: [1280] });
    await shootPhone(page, 'approval-rule-panel');
    // On a phone the Condition and Compared selects stack, so 'Line discount %' shows whole.
    await page.setViewportSize({ width: 390, height: 844 });
    const condition = await panel.getByRole('combobox', { name: 'Condition' }).boundingBox();
    const compared = await panel.getByRole('combobox', { name: 'Compared' }).boundingBox();
    expect(compared!.y).toBeGreaterThan(condition!.y + condition!.height);
    await expect(panel.getByRole('combobox', { name: 'Condition' })).toHaveText('Line discount %');
    await page.setViewportSize({ width: 1280, height: 720 });
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, msgSaved('created', 'Approval Rule'))).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Director' })).toContainText('a line discount > 30%');
    await shoot(page, 'approval-rules', { widths: [1280] });
    await shootPhone(page, 'approval-rules');

    // Step 1: a second administrator, named, approves a line discount above 20%; only they are mailed for it.
    await call(request, adminSession.token, 'approvalManagement/createApprovalRule', {
      input: { name: 'Manager', step: 1, metric: 'lineDiscount', threshold: '20', approverUserIds: [managerId] },
    });
    const managerContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const managerPage = await managerContext.newPage();
    await signInAs(managerPage, request, manager);
    await managerPage.goto('/');
    await expect(
      managerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ }),
    ).toBeVisible();

    // The sales user's quote, 40% off its line.
    const salesContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const salesPage = await salesContext.newPage();
    const salesSession = await signInAs(salesPage, request, sales);
    const product = await call(request, adminSession.token, 'productManagement/createProduct', {
      input: {
        Name: 'Loading Dock Door',
        ProductNumber: `LDD-${pid}`,
        isNonConfigurable: true,
        defaultPrice: '1000.00',
      },
    });
    const quote = await call(request, salesSession.token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'Warehouse doors' },
    });
    await call(request, salesSession.token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: product.ID, quantity: 2 },
    });
    const withContact = await call(request, salesSession.token, 'quoteManagement/getQuote', { id: quote.id });
    await call(request, salesSession.token, 'quoteManagement/updateQuote', {
      id: quote.id,
      version: withContact.version,
      input: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@buyer.example' },
    });

    // The sales user gives the line 40% off on the Lines tab; the quote asks for approval, says what would need none,
    // and refuses the order.
    await salesPage.goto(`/Quote/${quote.id}`);
    const approval = salesPage.getByTestId('approval-panel');
    // Checked against the platform's rules and meeting none: said quietly.
    await expect(approval).toContainText(APPROVAL_MSG.noApprovalNeeded);
    await salesPage.getByRole('button', { name: `Price breakdown of LDD-${pid}` }).click();
    const discount = salesPage.getByRole('textbox', { name: 'Line discount %' });
    await discount.fill('40');
    await Promise.all([
      salesPage.waitForResponse((response) => response.url().endsWith('/quoteManagement/updateLine') && response.ok()),
      discount.press('Enter'),
    ]);
    await expect(approval).toContainText('Needs approval');
    await expect(approval).toContainText('line 1: 40% -> 30% removes the Director step');
    const before = await call(request, salesSession.token, 'quoteManagement/getQuote', { id: quote.id });
    const refused = await request.post('/api/v1/quoteManagement/placeOrder', {
      headers: { authorization: `Bearer ${salesSession.token}` },
      data: { id: quote.id, version: before.version, poNumber: 'PO-APR' },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error).toBe(msgApprovalRequired(['Manager', 'Director']));
    await shoot(salesPage, 'approval-needed', { widths: [1280] });
    await shootPhone(salesPage, 'approval-needed');
    const submittedAt = Date.now();
    await approval.getByRole('button', { name: 'Submit for Approval' }).click();
    await expect(toast(salesPage, APPROVAL_MSG.submitted)).toBeVisible();
    await expect(approval).toContainText('Submitted');

    // The manager, named on step 1, is mailed; the header counts the quote; they approve from the mail's link.
    const mail = await waitForMail(manager.username, submittedAt);
    expect(mail).toContain(`Quote #${quote.id} waits for your approval`);
    const link = mail.match(/https?:\/\/[^\s"<>]+\/Quote\/\d+/)?.[0];
    expect(link).toBe(`${testInfo.project.use.baseURL}/Quote/${quote.id}`);
    await managerPage.reload();
    await expect(
      managerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Approvals/ }),
    ).toContainText('1 waiting');
    await shoot(managerPage, 'approvals-header-count', { widths: [1280] });
    await managerPage.goto(link!);
    const fromMail = managerPage.getByTestId('approval-panel');
    await expect(fromMail).toContainText('Step 1: Manager');
    await fromMail.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(managerPage, APPROVAL_MSG.approved)).toBeVisible();
    await expect(fromMail).toContainText(`Approved by ${manager.username}`);
    await managerContext.close();

    // The administrator approves step 2 from the list.
    await page.goto('/');
    await page
      .getByRole('link', { name: /^Approvals/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Waiting for my approval' })).toBeVisible();
    const waiting = page.getByRole('listitem', { name: new RegExp(`Quote #${quote.id}`) });
    await expect(waiting).toContainText('Step 2: Director');
    await shoot(page, 'approvals-waiting', { widths: [1280] });
    await shootPhone(page, 'approvals-waiting');
    await waiting.getByRole('link', { name: 'Open to decide' }).click();
    const decide = page.getByTestId('approval-panel');
    await decide.getByRole('textbox', { name: 'Comment' }).fill('Strategic account, fine once.');
    await shoot(page, 'approval-decide', { widths: [1280] });
    await shootPhone(page, 'approval-decide');
    await decide.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, APPROVAL_MSG.approved)).toBeVisible();
    await expect(decide).toContainText(`Approved by ${admin.username}`);
    await expect(decide).toContainText('Strategic account, fine once.');

    // The sales user's quote is approved, and orders.
    await salesPage.reload();
    await expect(approval).toContainText('Approved');
    await shoot(salesPage, 'approval-approved', { widths: [1280] });
    await shootPhone(salesPage, 'approval-approved');
    const approved = await call(request, salesSession.token, 'quoteManagement/getQuote', { id: quote.id });
    const order = await call(request, salesSession.token, 'quoteManagement/placeOrder', {
      id: quote.id,
      version: approved.version,
      poNumber: 'PO-APR',
    });
    expect(order.type).toBe(2);
    await salesContext.close();
  });
});
