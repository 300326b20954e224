import { MSG } from '@cpq/contracts';
import { signInAs } from '../admin/support/admin';
import { freshBuyer, orderableQuote } from '../orders/support';
import { expectAccessible } from '../support/a11y';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';

test('an administrator locks a quote, its owner finds it read-only, and the administrator unlocks it', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await freshBuyer(request, 'lock-owner', 'order');
  const quote = await orderableQuote(request, owner.token, 'Locked dock doors');

  await signInAs(page, request, DEMO.admin);
  await page.goto(`/Quote/${quote.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote #${quote.id}`);
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Lock Quote #${quote.id}?` });
  await expect(dialog).toContainText('Nobody can change a locked quote');
  await shoot(page, 'quote-lock-question');
  await dialog.getByRole('button', { name: 'Lock quote' }).click();
  await expect(dialog).toBeHidden();
  const banner = page.getByRole('alert').filter({ hasText: MSG.quoteLocked });
  await expect(banner).toBeVisible();
  await expect(page.getByTestId('quote-locked')).toHaveText('Locked');
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Quote' })).toBeDisabled();
  await expectAccessible(page, 'quote-locked-admin', testInfo);
  await shoot(page, 'quote-locked-admin');

  // The owner, in a browser of their own: the same banner, nothing to change, no lock of their own.
  const ownerContext = await browser.newContext({ reducedMotion: 'reduce' });
  const ownerPage = await ownerContext.newPage();
  await signInAs(ownerPage, request, owner);
  await ownerPage.goto(`/Quote/${quote.id}`);
  const ownerBanner = ownerPage.getByRole('alert').filter({ hasText: MSG.quoteLocked });
  await expect(ownerBanner).toContainText('Ask one to unlock it');
  await expect(ownerPage.getByRole('button', { name: 'Lock', exact: true })).toHaveCount(0);
  await expect(ownerPage.getByRole('button', { name: 'Catalog' })).toHaveCount(0);
  await expect(ownerPage.getByRole('textbox', { name: 'Add a comment' })).toHaveCount(0);
  await expect(ownerPage.getByRole('button', { name: /^Increase the quantity/ })).toHaveCount(0);
  await shoot(ownerPage, 'quote-locked-owner-lines');
  await ownerPage.getByRole('tab', { name: 'Details', exact: true }).click();
  await expect(ownerPage.getByRole('textbox', { name: 'Project Name' })).toBeDisabled();
  await shoot(ownerPage, 'quote-locked-owner-details');
  await ownerPage.getByRole('tab', { name: 'Customer', exact: true }).click();
  await expect(ownerPage.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  await ownerPage.getByRole('tab', { name: 'Lines', exact: true }).click();
  await ownerContext.close();

  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lock', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Catalog' })).toBeVisible();
});
