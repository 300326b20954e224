import { randomUUID } from 'node:crypto';
import { apiSession, call, signInAs } from '../admin/support/admin';
import { expectAccessible } from '../support/a11y';
import { createDefaultUser, DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import {
  CHAIR,
  completeConfiguration,
  createConfiguration,
  HINGE,
  openCatalog,
  productByNumber,
  searchCatalog,
} from './support';

// The screens of this issue, light and dark, 360 px and 1280 px (e2e/artifacts/screenshots), each checked with axe.
test.describe('catalog screens', () => {
  // Four full-page screenshots and an axe run per screen: over a minute on a slow 2-core host.
  test.describe.configure({ timeout: 180_000 });

  test('home with Quick Configure, and the Product Catalog', async ({ page, request }, testInfo) => {
    await signInAs(page, request, DEMO.sales);
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Quick Configure' }).getByRole('img').first()).toBeVisible();
    await expectAccessible(page, 'home-quick-config', testInfo);
    await shoot(page, 'catalog-home');
    await openCatalog(page);
    await expectAccessible(page, 'catalog-dialog', testInfo);
    await shoot(page, 'catalog-dialog');
    await searchCatalog(page, 'no such product anywhere');
    await expect(page.getByText('No results for “no such product anywhere”')).toBeVisible();
    await shoot(page, 'catalog-dialog-empty');
  });

  test('the Product Catalog of an administrator: phone rows with edit links', async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs(page, request, DEMO.admin);
    await page.goto('/');
    const dialog = await openCatalog(page);
    await expect(dialog.getByRole('link', { name: `Edit ${HINGE.name}` })).toBeVisible();
    await expectAccessible(page, 'catalog-dialog-admin', testInfo);
    await shoot(page, 'catalog-dialog-admin');
  });

  test('My Configurations, with cards and empty', async ({ page, request }, testInfo) => {
    const user = await createDefaultUser(request, 'shots');
    const session = await signInAs(page, request, user);
    await page.goto('/MyConfigurations');
    await expect(page.getByText('No finished configurations yet')).toBeVisible();
    await shoot(page, 'my-configurations-empty');
    const chair = await productByNumber(request, session.token, CHAIR.number);
    await createConfiguration(request, session, chair.ID, { series: 'executive' });
    const done = await createConfiguration(request, session, chair.ID, { series: 'task' });
    await completeConfiguration(request, session, done.id, done.ui);
    await call(request, session.token, 'configurator/finish', { sessionId: done.id });
    await page.reload();
    await page.getByRole('switch', { name: 'Show incomplete' }).check();
    await expect(page.getByRole('list', { name: 'Saved configurations' }).getByRole('link')).toHaveCount(2);
    await expectAccessible(page, 'my-configurations', testInfo);
    await shoot(page, 'my-configurations');
  });

  test('a quote with a configured and a fixed-price line; empty; not found', async ({ page, request }, testInfo) => {
    const session = await signInAs(page, request, DEMO.sales);
    const chair = await productByNumber(request, session.token, CHAIR.number);
    const hinge = await productByNumber(request, session.token, HINGE.number);
    const saved = await createConfiguration(request, session, chair.ID, { series: 'executive' });
    await completeConfiguration(request, session, saved.id, saved.ui);
    const finished = await call(request, session.token, 'configurator/finish', { sessionId: saved.id });
    await call(request, session.token, 'quoteManagement/createLine', {
      input: { _id: randomUUID(), quoteId: finished.quoteId, productId: hinge.ID, quantity: 4 },
    });
    await page.goto(`/Quote/${finished.quoteId}`);
    await page.getByRole('button', { name: `Details of ${finished.partNumber}` }).click();
    await expect(page.locator(`#line-details-${finished.lineId}`)).toBeVisible();
    await expectAccessible(page, 'quote', testInfo);
    await shoot(page, 'quote');

    const empty = await call(request, session.token, 'quoteManagement/createQuote', { input: { _id: randomUUID() } });
    await page.goto(`/Quote/${empty.id}`);
    await expect(page.getByText('No lines yet')).toBeVisible();
    await expectAccessible(page, 'quote-empty', testInfo);
    await shoot(page, 'quote-empty');

    const other = await apiSession(request, DEMO.admin);
    const foreign = await call(request, other.token, 'quoteManagement/createQuote', { input: { _id: randomUUID() } });
    await page.goto(`/Quote/${foreign.id}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await shoot(page, 'quote-not-found');
  });
});
