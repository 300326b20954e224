import { MSG } from '@cpq/contracts';
import type { Route } from '@playwright/test';
import { columnHeader, columnTexts, listSettled, listUi, searchFor, signInAs, sortBy } from '../admin/support/admin';
import { expect, test } from '../support/fixtures';
import { dashboardHeading, submitCredentials, toast } from '../support/ui';
import { freshUser, projectName, seedQuote } from './support';

const GET_QUOTES = 'quoteManagement/getQuotes';
const today = () => {
  const now = new Date();
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String(now.getDate()).padStart(2, '0')}/${now.getFullYear()}`;
};

/** Holds the next call to `path` until `release` is called, so that the page can be seen before the answer. */
async function holdCall(page: import('@playwright/test').Page, path: string) {
  let held: Route | undefined;
  let arrived: () => void = () => undefined;
  const hasArrived = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(`**/api/v1/${path}`, (route) => {
    held = route;
    arrived();
  });
  return {
    hasArrived,
    release: async () => {
      await held?.continue();
      await page.unroute(`**/api/v1/${path}`);
    },
  };
}

test.describe('quote dashboard', () => {
  test('sign-in lands on the dashboard: the caller’s quotes, newest first, with their columns', async ({
    page,
    request,
  }) => {
    const user = await freshUser(request, 'qd-landing');
    const older = await seedQuote(request, user.token, projectName('Older'), {
      customer: { firstName: 'Ann', lastName: 'Lee' },
      status: 'Submitted',
    });
    const newer = await seedQuote(request, user.token, projectName('Newer'));
    await submitCredentials(page, user.username, user.password);
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    await expect(dashboardHeading(page, 'Quotes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Quote' })).toBeVisible();
    await expect(listUi(page).rows).toHaveCount(2);
    expect((await listUi(page).columnHeaders.allTextContents()).map((text) => text.trim())).toEqual([
      '#',
      'Status',
      'Customer',
      'Project',
      'Created On',
      'Quote Value',
      'Actions',
    ]);
    expect(await columnTexts(page, '#')).toEqual([`#${newer.id}`, `#${older.id}`]);
    expect(await columnTexts(page, 'Customer')).toEqual(['—', 'Ann Lee']);
    await expect.poll(() => columnTexts(page, 'Status')).toEqual(['—', 'Submitted']);
    expect(await columnTexts(page, 'Created On')).toEqual([today(), today()]);
    expect(await columnTexts(page, 'Quote Value')).toEqual(['$0.00', '$0.00']);
    await expect(columnHeader(page, 'Created On')).toHaveAttribute('aria-sort', 'descending');
    // The quick-config cards and the Product Catalog of the old signed-in home are still here.
    await expect(page.getByRole('button', { name: 'Product Catalog' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Quick Configure' })).toBeVisible();
    // `/` shows the same dashboard to a signed-in user; a row opens its quote.
    await page.goto('/');
    await expect(dashboardHeading(page, 'Quotes')).toBeVisible();
    await listUi(page)
      .rows.filter({ hasText: `#${older.id}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/Quote/${older.id}$`));
  });

  test('New Quote creates a quote and opens it; the dashboard then lists it', async ({ page, request }) => {
    const user = await freshUser(request, 'qd-new');
    await signInAs(page, request, user);
    await page.goto('/QuoteDashboard');
    await expect(page.getByText('No quotes yet')).toBeVisible();
    await page.getByRole('button', { name: 'New Quote' }).first().click();
    await expect(page).toHaveURL(/\/Quote\/\d+$/);
    const id = page.url().split('/').at(-1);
    await page.goto('/QuoteDashboard');
    await expect(listUi(page).rows).toHaveCount(1);
    expect(await columnTexts(page, '#')).toEqual([`#${id}`]);
  });

  test('copy shows the copy before the server answers, and it stays after a reload', async ({ page, request }) => {
    const user = await freshUser(request, 'qd-copy');
    const name = projectName('Copied');
    const source = await seedQuote(request, user.token, name, { customer: { firstName: 'Cy', lastName: 'Copy' } });
    await signInAs(page, request, user);
    await page.goto('/QuoteDashboard');
    await expect(listUi(page).rows).toHaveCount(1);
    await expect(listUi(page).range).toHaveCount(0);

    const copy = await holdCall(page, 'quoteManagement/copyQuote');
    await page.getByRole('button', { name: `Actions for Quote #${source.id} ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    await copy.hasArrived;
    // The copy is listed while its call is still held: no number yet, the source's project and customer.
    await expect(listUi(page).rows).toHaveCount(2);
    expect(await columnTexts(page, '#')).toEqual(['—', `#${source.id}`]);
    expect(await columnTexts(page, 'Project')).toEqual([name, name]);
    await copy.release();
    await expect.poll(() => columnTexts(page, '#')).toEqual([expect.stringMatching(/^#\d+$/), `#${source.id}`]);
    const [copyNumber] = await columnTexts(page, '#');
    expect(copyNumber).not.toBe(`#${source.id}`);

    await page.reload();
    await expect(listUi(page).rows).toHaveCount(2);
    expect(await columnTexts(page, '#')).toEqual([copyNumber, `#${source.id}`]);
    expect(await columnTexts(page, 'Customer')).toEqual(['Cy Copy', 'Cy Copy']);
  });

  test('delete asks first, removes the row before the server answers, and it stays gone', async ({ page, request }) => {
    const user = await freshUser(request, 'qd-delete');
    // Thirteen older quotes: the list has a second page, so the count shows in the pager.
    const names = Array.from({ length: 13 }, (_, index) => projectName(`Filler ${index}`));
    for (const filler of names) await seedQuote(request, user.token, filler);
    const doomedName = projectName('Doomed');
    const doomed = await seedQuote(request, user.token, doomedName);
    await signInAs(page, request, user);
    await page.goto('/QuoteDashboard');
    await expect(listUi(page).range).toHaveText('1–12 of 14');

    const menu = page.getByRole('button', { name: `Actions for Quote #${doomed.id} ${doomedName}` });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText(`Are you sure you want to delete quote #${doomed.id}?`)).toBeVisible();
    await page.getByRole('button', { name: MSG.noCancel }).click();
    await expect(listUi(page).rows.filter({ hasText: `#${doomed.id}` })).toHaveCount(1);

    const remove = await holdCall(page, 'quoteManagement/deleteQuote');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: MSG.yesDelete }).click();
    await remove.hasArrived;
    await expect(listUi(page).rows.filter({ hasText: `#${doomed.id}` })).toHaveCount(0);
    await expect(listUi(page).rows).toHaveCount(11);
    await expect(listUi(page).range).toHaveText('1–12 of 13');
    await remove.release();
    // The refetch after the delete fills the page again.
    await expect(listUi(page).rows).toHaveCount(12);

    await page.reload();
    await expect(listUi(page).range).toHaveText('1–12 of 13');
    await expect(listUi(page).rows.filter({ hasText: `#${doomed.id}` })).toHaveCount(0);
  });

  test('a failed delete puts the row back and shows the server’s message', async ({ page, request }) => {
    const user = await freshUser(request, 'qd-delete-fail');
    const name = projectName('Locked');
    const quote = await seedQuote(request, user.token, name);
    await signInAs(page, request, user);
    await page.goto('/QuoteDashboard');
    await expect(listUi(page).rows).toHaveCount(1);
    // The server answers as it does for a locked quote.
    await page.route('**/api/v1/quoteManagement/deleteQuote', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: MSG.quoteLocked, code: 'CONFLICT' }),
      }),
    );
    await page.getByRole('button', { name: `Actions for Quote #${quote.id} ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: MSG.yesDelete }).click();
    await expect(toast(page, MSG.quoteLocked)).toBeVisible();
    await expect(listUi(page).rows.filter({ hasText: `#${quote.id}` })).toHaveCount(1);
  });

  test('sorts on a header click and searches project, customer and #id', async ({ page, request }) => {
    const user = await freshUser(request, 'qd-sort');
    const alpha = await seedQuote(request, user.token, projectName('Alpha'), {
      customer: { firstName: 'Zed', lastName: 'Zulu' },
    });
    const beta = await seedQuote(request, user.token, projectName('Beta'), {
      customer: { firstName: 'Amy', lastName: 'Able' },
    });
    const gamma = await seedQuote(request, user.token, projectName('Gamma'));
    await signInAs(page, request, user);
    await page.goto('/QuoteDashboard');
    await expect(listUi(page).rows).toHaveCount(3);
    expect(await columnTexts(page, '#')).toEqual([`#${gamma.id}`, `#${beta.id}`, `#${alpha.id}`]);

    await sortBy(page, GET_QUOTES, '#');
    await listSettled(page);
    expect(await columnTexts(page, '#')).toEqual([`#${alpha.id}`, `#${beta.id}`, `#${gamma.id}`]);
    await expect(columnHeader(page, '#')).toHaveAttribute('aria-sort', 'ascending');
    await sortBy(page, GET_QUOTES, 'Project');
    await listSettled(page);
    expect(await columnTexts(page, 'Project')).toEqual([alpha.name, beta.name, gamma.name]);

    await searchFor(page, GET_QUOTES, beta.name ?? '');
    await listSettled(page);
    expect(await columnTexts(page, '#')).toEqual([`#${beta.id}`]);
    await searchFor(page, GET_QUOTES, 'Zulu');
    await listSettled(page);
    expect(await columnTexts(page, '#')).toEqual([`#${alpha.id}`]);
    await searchFor(page, GET_QUOTES, `#${gamma.id}`);
    await listSettled(page);
    expect(await columnTexts(page, '#')).toEqual([`#${gamma.id}`]);
  });

  test('a public user’s dashboard lists their quote requests, with no New Quote', async ({ page, request }) => {
    const visitor = await freshUser(request, 'qd-public', 'public');
    const name = projectName('Request');
    const requested = await seedQuote(request, visitor.token, name);
    expect(requested.type).toBe(3);
    await submitCredentials(page, visitor.username, visitor.password);
    await expect(dashboardHeading(page, 'Quote Requests')).toBeVisible();
    await expect(listUi(page).rows).toHaveCount(1);
    expect(await columnTexts(page, '#')).toEqual([`#${requested.id}`]);
    await expect(page.getByRole('button', { name: 'New Quote' })).toHaveCount(0);
  });
});
