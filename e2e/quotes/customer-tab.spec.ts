import { randomUUID } from 'node:crypto';
import { MSG } from '@cpq/contracts';
import type { Page } from '@playwright/test';
import { call, signInAs } from '../admin/support/admin';
import { freshBuyer } from '../orders/support';
import { expectAccessible } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { shootPhone } from '../support/shoot-phone';
import { toast } from '../support/ui';

const openCustomerTab = async (page: Page, quoteId: number) => {
  await page.goto(`/Quote/${quoteId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quoteId}`);
  await page.getByRole('tab', { name: 'Customer', exact: true }).click();
};

test.describe('/Quote/{id} Customer tab', () => {
  test.setTimeout(180_000);

  test('a half-typed billing address is saved on blur and back after a reload, naming what is missing', async ({
    page,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'half-address', 'order');
    const quote = await call(request, buyer.token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'Half typed' },
    });
    await signInAs(page, request, buyer);
    await openCustomerTab(page, quote.id);
    const billing = page.getByRole('region', { name: 'Billing Address' });
    const field = (name: string) => billing.getByRole('textbox', { name, exact: true });

    // Address, City and Zip typed, State left empty, then the focus leaves: each field's blur saves.
    await field('Address').fill('500 Congress Ave');
    await field('City').click();
    await field('City').fill('Austin');
    await field('Zip').click();
    await field('Zip').fill('78701');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/updateQuote') && response.request().postData()?.includes('"78701"') === true,
    );
    await page.keyboard.press('Tab');
    expect((await saved).status()).toBe(200);
    await expect(billing.getByText('What you typed is saved. Still missing: State.')).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Customer', exact: true }).click();
    await expect(field('Address')).toHaveValue('500 Congress Ave');
    await expect(field('City')).toHaveValue('Austin');
    await expect(field('Zip')).toHaveValue('78701');
    await expect(billing.getByText('What you typed is saved. Still missing: State.')).toBeVisible();

    // A ZIP+4 is not a number: the spec's message, and the saved zip stays.
    await field('Zip').fill('78701-1234');
    await page.keyboard.press('Tab');
    await expect(billing.getByText(MSG.zipFormat, { exact: true })).toBeVisible();
    await expectAccessible(page, 'quote-customer-half-address', testInfo);
    await shoot(page, 'quote-customer-half-address');
    await shootPhone(page, 'quote-customer-half-address');
    await page.reload();
    await page.getByRole('tab', { name: 'Customer', exact: true }).click();
    await expect(field('Zip')).toHaveValue('78701');
  });

  test('a registered user autofills the quote from a customer of the platform; the contact is then read-only', async ({
    page,
    request,
  }, testInfo) => {
    const buyer = await freshBuyer(request, 'picker', 'order');
    const quote = await call(request, buyer.token, 'quoteManagement/createQuote', {
      input: { _id: randomUUID(), name: 'Picked customer' },
    });
    await signInAs(page, request, buyer);
    await openCustomerTab(page, quote.id);
    const picker = page.getByRole('combobox', { name: 'Autofill from a customer' });
    await picker.fill('Okafor');
    const autofilled = page.waitForResponse((response) => response.url().endsWith('/setQuoteCustomer'));
    await page.getByRole('option', { name: /James Okafor/ }).click();
    expect((await autofilled).status()).toBe(200);
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('James');
    await expect(page.getByRole('textbox', { name: 'Email Address' })).toHaveValue('j.okafor@northwind.example');
    const billing = page.getByRole('region', { name: 'Billing Address' });
    await expect(billing.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('88 Harbor Way');
    await expect(billing.getByRole('textbox', { name: 'Zip' })).toHaveValue('55802');
    await expect(page.getByRole('note')).toHaveText(MSG.customerAutofilled);
    await page.getByRole('textbox', { name: 'Last Name' }).click();
    await expect(toast(page, MSG.customerAutofilled)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Okafor');
    await expectAccessible(page, 'quote-customer-picked', testInfo);
    await shoot(page, 'quote-customer-picked');
    await shootPhone(page, 'quote-customer-picked');

    // Let go of the customer: the values stay and can be edited again.
    await page.getByRole('button', { name: 'Unlink customer' }).click();
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('James');
  });
});
