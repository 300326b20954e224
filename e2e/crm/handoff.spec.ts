import { API_PREFIX, MSG } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { signInAs } from '../admin/support/admin';
import { createDefaultUser } from '../support/api';
import { expect, test } from '../support/fixtures';
import { credentials, toast } from '../support/ui';

/** A hand-off link as the CRM opens it: an opportunity, its contact, and a billing street on two lines. */
const handoffQuery = (opportunityId: string) =>
  `?opportunityId=${opportunityId}&opportunityName=Acme%20Lift&contactFirstName=Ann&contactLastName=Lee` +
  '&contactEmail=ann@example.com&Zip=94105-1234&Address=1%20Main%20St%0ASuite%209';

const HANDOFF_CALL = `${API_PREFIX}/quoteManagement/createQuoteInitiatedFromSalesforce`;

/** Counts the hand-off calls the page makes. */
function countHandoffCalls(page: Page): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(HANDOFF_CALL)) calls += 1;
  });
  return () => calls;
}

/** Types the user's credentials into the login form the page shows. */
async function fillLogin(page: Page, user: { username: string; password: string }) {
  const form = credentials(page);
  await form.username.fill(user.username);
  await form.password.fill(user.password);
  return form.login;
}

/** The quote made from the hand-off is open, its number in the toast, and the parameters gone from the URL. */
async function expectHandedOffQuote(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/Quote\/\d+$/, { timeout: 15_000 });
  const quoteId = Number(/\/Quote\/(\d+)$/.exec(page.url())?.[1]);
  await expect(toast(page, `Successfully created Quote #: ${quoteId}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quoteId}`);
  await page.getByRole('tab', { name: 'Summary', exact: true }).click();
  const customer = page.getByRole('region', { name: 'Customer' });
  await expect(customer).toContainText('Ann');
  await expect(customer).toContainText('Lee');
  await expect(customer).toContainText('ann@example.com');
  await expect(page.getByText('Acme Lift').first()).toBeVisible();
  return quoteId;
}

test.describe('CRM hand-off', () => {
  test.setTimeout(90_000);

  test('signed in: the link makes the quote once, says so, and opens it', async ({ page, request }) => {
    const user = await createDefaultUser(request, 'crm-in');
    const calls = countHandoffCalls(page);
    await signInAs(page, request, user);
    await page.goto(`/${handoffQuery(`OPP-IN-${Date.now()}`)}`);
    await expect(toast(page, MSG.crmCreatingQuote)).toBeVisible();
    await expect(toast(page, 'Creating a new Quote from SalesForce...')).toBeVisible();
    await expectHandedOffQuote(page);
    expect(calls()).toBe(1);
  });

  test('signed out: sign in first, then land on the quote; the login says it came from the CRM', async ({
    page,
    request,
  }) => {
    const user = await createDefaultUser(request, 'crm-out');
    const calls = countHandoffCalls(page);
    const loginCall = page.waitForRequest((req) => req.url().endsWith(`${API_PREFIX}/auth/login`));
    const query = handoffQuery(`OPP-OUT-${Date.now()}`);
    await page.goto(`/${query}`);
    // The login form stands in for the page; the URL keeps the hand-off.
    const login = await fillLogin(page, user);
    expect(new URL(page.url()).searchParams.get('contactFirstName')).toBe('Ann');
    expect(calls()).toBe(0);
    await login.click();
    expect((await loginCall).postDataJSON()).toMatchObject({ username: user.username, fromSalesforce: true });
    await expectHandedOffQuote(page);
    expect(calls()).toBe(1);
  });

  test('signed out on a private page: /Login brings the visitor back to it with the hand-off', async ({
    page,
    request,
  }) => {
    const user = await createDefaultUser(request, 'crm-guard');
    await page.goto(`/QuoteDashboard${handoffQuery(`OPP-GUARD-${Date.now()}`)}`);
    await expect(page).toHaveURL(/\/Login$/);
    await (await fillLogin(page, user)).click();
    await expectHandedOffQuote(page);
  });
});
