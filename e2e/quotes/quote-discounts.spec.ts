import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { call, signInAs } from '../admin/support/admin';
import { HINGE, LOCK, productByNumber } from '../catalog/support';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { expectNoSideScroll } from '../support/ui';

/** The rows of an opened price breakdown as 'label amount'. */
const breakdownRows = (page: Page) =>
  page.getByRole('list', { name: 'Price breakdown' }).getByRole('listitem').allTextContents();

const totals = (page: Page) => page.getByRole('region', { name: 'Totals' });

/** Saves a discount field with Enter and waits for the route that stores it. */
async function saveDiscount(page: Page, field: string, value: string, route: string) {
  const input = page.getByRole('textbox', { name: field });
  await input.fill(value);
  await Promise.all([
    page.waitForResponse((response) => response.url().endsWith(route) && response.status() === 200),
    input.press('Enter'),
  ]);
}

test.describe('discounts on a quote', () => {
  test.setTimeout(240_000);

  test('a sales user gives a line 40% off and a 10% quote discount, and sees the waterfall and totals', async ({
    page,
    request,
  }) => {
    const session = await signInAs(page, request, DEMO.sales);
    const { token } = session;
    const quote = await call(request, token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'Discounted dock' },
    });
    const hinge = await productByNumber(request, token, HINGE.number);
    const lock = await productByNumber(request, token, LOCK.number);
    await call(request, token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: hinge.ID, quantity: 2 },
    });
    await call(request, token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: lock.ID },
    });

    await page.goto(`/Quote/${quote.id}`);
    await expect(totals(page)).toContainText('$131.00');
    const toggle = page.getByRole('button', { name: `Price breakdown of ${HINGE.number}` });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // 2 x $38.50 = $77.00, less 40% = $46.20; with the $54.00 lock, $100.20.
    await saveDiscount(page, 'Line discount %', '40', '/quoteManagement/updateLine');
    await expect.poll(() => breakdownRows(page)).toEqual(['List price$77.00', 'Line discount 40%-$30.80', 'Net$46.20']);
    const row = page.getByRole('table', { name: 'Lines' }).getByRole('row').filter({ hasText: HINGE.number });
    await expect(row).toContainText('40% off');
    await expect(totals(page)).toContainText('Total$100.20');
    // A sales user without the role's permission sees no cost or margin.
    await expect(page.getByText('Margin')).toHaveCount(0);

    // 10% off $100.20 is $10.02: the hinge's share is $4.62 (of $46.20) and the lock's $5.40.
    await saveDiscount(page, 'Quote discount %', '10', '/quoteManagement/updateQuote');
    await expect(totals(page)).toContainText('Subtotal$100.20');
    await expect(totals(page)).toContainText('Quote discount 10%-$10.02');
    await expect(totals(page)).toContainText('Total$90.18');
    await expect
      .poll(() => breakdownRows(page))
      .toEqual(['List price$77.00', 'Line discount 40%-$30.80', 'Quote discount 10%-$4.62', 'Net$41.58']);
    const stored = await call(request, token, 'quoteManagement/getQuote', { id: quote.id });
    expect(stored).toMatchObject({ totalCost: '90.1800', discountPercent: '10' });

    // A bad discount is refused where it is typed, and nothing is sent.
    await page.getByRole('textbox', { name: 'Line discount %' }).fill('140');
    await page.getByRole('textbox', { name: 'Line discount %' }).press('Enter');
    await expect(page.getByText(/Enter a discount between 0 and 100/)).toBeVisible();
    await page.getByRole('textbox', { name: 'Line discount %' }).fill('40');

    await shoot(page, 'quote-discounts-lines', { widths: [390, 1280] });
    await page.setViewportSize({ width: 320, height: 740 });
    await expectNoSideScroll(page, 320);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: 'Summary', exact: true }).click();
    const summary = page.getByRole('article', { name: 'Quote summary' });
    await expect(summary).toContainText('List price $77.00 · Line discount 40% -$30.80');
    await expect(summary.getByRole('definition').filter({ hasText: '-$10.02' })).toBeVisible();
    await shoot(page, 'quote-discounts-summary', { widths: [390, 1280] });
  });

  test('an administrator sees each line’s cost and margin and the quote’s', async ({ page, request }) => {
    const session = await signInAs(page, request, DEMO.admin);
    const { token } = session;
    const product = await call(request, token, 'productManagement/createProduct', {
      input: {
        Name: 'Costed bracket',
        ProductNumber: `BR-${randomUUID().slice(0, 8)}`,
        isNonConfigurable: true,
        defaultPrice: '80',
        cost: '50',
        pid: 'default',
      },
    });
    const quote = await call(request, token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'Margins' },
    });
    await call(request, token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: quote.id, productId: product.ID, quantity: 4 },
    });
    await page.goto(`/Quote/${quote.id}`);
    await page.getByRole('button', { name: `Price breakdown of ${product.ProductNumber}` }).click();
    // 4 x $80.00 = $320.00 against 4 x $50.00 = $200.00.
    await saveDiscount(page, 'Line discount %', '25', '/quoteManagement/updateLine');
    await expect
      .poll(() => breakdownRows(page))
      .toEqual(['List price$320.00', 'Line discount 25%-$80.00', 'Net$240.00', 'Cost$200.00', 'Margin$40.00 (16.67%)']);
    await expect(totals(page)).toContainText('Margin$40.00 (16.67%)');
    await shoot(page, 'quote-discounts-margin', { widths: [390, 1280] });
  });
});
