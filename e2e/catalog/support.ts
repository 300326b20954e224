/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { TRequestOf, TResultOf, TSession } from '@cpq/contracts';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { call } from '../admin/support/admin';

/**
 * Helpers of the catalog specs: demo products by part number, and configurations made through the API the way the
 * configurator makes them (start, then one configure call per choice, then finish).
 */

export type TProductRow = TResultOf<'productManagement/getProducts'>['rows'][number];
type TUi = TResultOf<'configurator/start'>['ui'];

/** One configure call's state: whole, as it is to a call that does not say which state it shows (basedOn). */
async function configureWhole(
  request: APIRequestContext,
  session: TSession,
  body: TRequestOf<'configurator/configure'>,
): Promise<TUi> {
  const result = await call(request, session.token, 'configurator/configure', body);
  if (!('ui' in result)) throw new Error('A configure call without basedOn answered changes');
  return result.ui;
}

/** The demo products these specs use (seed.ts): two quick-configure products, the bicycle, and fixed-price parts. */
export const CHAIR = { number: 'CH-ERGOLINE', name: 'ErgoLine Office Chair' } as const;
export const DOOR = { number: 'DR-SECTIONAL', name: 'Industrial Sectional Door' } as const;
export const BICYCLE = { number: 'BK-ATLAS', name: 'Atlas Custom Bicycle' } as const;
export const HINGE = { number: 'DR-HINGE-HD', name: 'Heavy-duty door hinge', price: '$38.50' } as const;
export const LOCK = { number: 'BK-LOCK-U', name: 'U-lock with cable', price: '$54.00' } as const;

export const GUID = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/** The product of the caller's platform with this part number. */
export async function productByNumber(request: APIRequestContext, token: string, number: string): Promise<TProductRow> {
  const page = await call(request, token, 'productManagement/getProducts', { search: number, limit: 50 });
  const product = page.rows.find((row) => row.ProductNumber === number);
  if (!product) throw new Error(`No product ${number}`);
  return product;
}

/** A new configuration of `productId` with these explicit choices, as the configurator saves it. */
export async function createConfiguration(
  request: APIRequestContext,
  session: TSession,
  productId: number,
  choices: Record<string, string>,
): Promise<{ id: string; ui: TUi }> {
  const id = randomUUID();
  let { ui } = await call(request, session.token, 'configurator/start', { configurationId: id, productId });
  for (const [optionId, value] of Object.entries(choices)) {
    ui = await configureWhole(request, session, { sessionId: id, id: optionId, value });
  }
  return { id, ui };
}

/** Answers every required visible option that has no value with its first enabled value, until execution completes. */
export async function completeConfiguration(request: APIRequestContext, session: TSession, id: string, start: TUi) {
  let ui = start;
  for (let step = 0; step < 40 && !ui.IsExecutionComplete; step += 1) {
    const open = ui.Pages.flatMap((page) => page.Screens.flatMap((screen) => screen.ScreenOptions)).find(
      (option) => option.IsVisible && option.IsEnabled && option.IsRequired && option.Value === '',
    );
    if (!open) throw new Error('Nothing left to answer, but the configuration is not complete');
    const value =
      open.SelectableValues.find((choice) => choice.IsEnabled && choice.IsVisible)?.Value ??
      String(open.Ranges?.Min ?? 1);
    ui = await configureWhole(request, session, { sessionId: id, id: open.ID, value });
  }
  expect(ui.IsExecutionComplete, 'the configuration completes').toBe(true);
  return ui;
}

/** Opens the Product Catalog from the page's button and waits for its first page. */
export async function openCatalog(page: Page, buttonName = 'Product Catalog') {
  await page.getByRole('button', { name: buttonName, exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Product Catalog' });
  await expect(dialog.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'false');
  return dialog;
}

/** Searches the catalog at once (Enter) and waits for the answer. */
export async function searchCatalog(page: Page, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Product Catalog' });
  const answered = page.waitForResponse((response) => response.url().endsWith('productManagement/getProducts'));
  await dialog.getByRole('searchbox', { name: 'Search' }).fill(text);
  await dialog.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await answered;
  // The previous page stays on screen under a progress bar until the answer is shown.
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  return dialog;
}
