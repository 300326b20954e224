import { columnTexts, listSettled, listUi, searchFor, signInAs } from '../admin/support/admin';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { freshUser, projectName, seedQuote } from './support';

const GET_QUOTES = 'quoteManagement/getQuotes';

test.describe('/Quotes/{pid} (administrators)', () => {
  test('lists every quote of the platform with its creator; New Quote opens the new quote', async ({
    page,
    request,
  }) => {
    const seller = await freshUser(request, 'pq-seller');
    const name = projectName('Platform');
    const quote = await seedQuote(request, seller.token, name, {
      customer: { firstName: 'Pat', lastName: 'Platform' },
    });
    await signInAs(page, request, DEMO.admin);
    await page.goto('/QuoteDashboard');
    await page.getByRole('button', { name: 'All Quotes' }).click();
    await expect(page).toHaveURL(/\/Quotes\/default$/);
    await expect(listUi(page).heading('Quotes')).toBeVisible();
    await expect(page.getByText('Platform default')).toBeVisible();
    expect((await listUi(page).columnHeaders.allTextContents()).map((text) => text.trim())).toEqual([
      '#',
      'Status',
      'Customer',
      'Created By',
      'Project',
      'Created On',
      'Quote Value',
      'Actions',
    ]);
    await searchFor(page, GET_QUOTES, name);
    await listSettled(page);
    await expect(listUi(page).rows).toHaveCount(1);
    expect(await columnTexts(page, '#')).toEqual([`#${quote.id}`]);
    expect(await columnTexts(page, 'Created By')).toEqual([seller.username]);
    expect(await columnTexts(page, 'Customer')).toEqual(['Pat Platform']);

    await page.getByRole('button', { name: 'New Quote' }).click();
    await expect(page).toHaveURL(/\/Quote\/\d+$/);
  });

  test('the quote requests variant lists type 3 quotes and has no create button', async ({ page, request }) => {
    const visitor = await freshUser(request, 'pq-visitor', 'public');
    const seller = await freshUser(request, 'pq-quoter');
    const tag = projectName('Variant');
    const requested = await seedQuote(request, visitor.token, `${tag} request`);
    const quoted = await seedQuote(request, seller.token, `${tag} quote`);
    await signInAs(page, request, DEMO.admin);
    await page.goto('/Quotes/default');
    await searchFor(page, GET_QUOTES, tag);
    await listSettled(page);
    // Quotes and requests by default.
    expect((await columnTexts(page, '#')).sort()).toEqual([`#${requested.id}`, `#${quoted.id}`].sort());

    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Quote requests' }).click();
    await expect(page).toHaveURL(/\/Quotes\/default\?type=requests$/);
    await expect(listUi(page).heading('Quote Requests')).toBeVisible();
    await expect(page.getByRole('button', { name: 'New Quote' })).toHaveCount(0);
    await searchFor(page, GET_QUOTES, tag);
    await listSettled(page);
    expect(await columnTexts(page, '#')).toEqual([`#${requested.id}`]);
    // Who asked, and that nobody has taken it yet.
    expect(await columnTexts(page, 'Requested By')).toEqual([visitor.username]);
    expect(await columnTexts(page, 'Taken By')).toEqual(['Open']);
  });

  test('a level 1 user is sent away', async ({ page, request }) => {
    await signInAs(page, request, DEMO.sales);
    await page.goto('/Quotes/default');
    await expect(page).toHaveURL(/\/$/);
    await expect(listUi(page).heading('Quotes')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back to Administration' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'All Quotes' })).toHaveCount(0);
  });
});
