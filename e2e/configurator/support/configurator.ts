/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { TRequestOf, TResultOf } from '@cpq/contracts';
import { type APIRequestContext, expect, type Locator, type Page, type Request } from '@playwright/test';
import { apiCall, DEMO } from '../../support/api';
import { useSession } from '../../support/ui';

export const GUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

/** The id of a demo product by its exact name. */
export async function productIdByName(request: APIRequestContext, token: string, name: string): Promise<number> {
  const page = await apiCall(request, 'productManagement/getProducts', { search: name, limit: 50 }, token);
  const product = page.rows.find((row) => row.Name === name);
  if (!product) throw new Error(`No product named ${name}`);
  return product.ID;
}

type TConfigureBody = TRequestOf<'configurator/configure'>;

/** Records every configure call the page makes (its body), in order. */
export function recordConfigure(page: Page): TConfigureBody[] {
  const bodies: TConfigureBody[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/v1/configurator/configure')) bodies.push(request.postDataJSON() as TConfigureBody);
  });
  return bodies;
}

/**
 * Waits for the next configure answer (started by `action`) and answers its result: the page says which state it
 * shows, so the answer is the changes from it (or the whole state when the server no longer has that one).
 */
export async function configured(
  page: Page,
  action: () => Promise<void>,
): Promise<TResultOf<'configurator/configure'>> {
  const [response] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/v1/configurator/configure')),
    action(),
  ]);
  const envelope = (await response.json()) as { result: TResultOf<'configurator/configure'> };
  return envelope.result;
}

/** The parts of a configure answer's state besides the pages (OptionToFocus, price…), whole or as changes. */
export const answeredState = (result: TResultOf<'configurator/configure'>) =>
  'ui' in result ? result.ui : result.changes;

/** The configurator's parts, by role and accessible name. */
export const cfg = (page: Page) => ({
  header: page.getByRole('region', { name: 'Configuration actions' }),
  price: page.getByTestId('configured-price'),
  continue: page.getByRole('button', { name: 'Continue', exact: true }),
  finish: page.getByRole('button', { name: 'Finish', exact: true }),
  cancel: page.getByRole('button', { name: 'Cancel', exact: true }),
  details: page.getByRole('button', { name: 'Configuration Details' }),
  tab: (name: string | RegExp) => page.getByRole('tab', { name }),
  option: (id: string): Locator => page.locator(`[data-option-id="${id}"]`),
  busy: page.getByRole('progressbar', { name: 'Updating the configuration' }),
});

/** Waits until no configure request is in flight (the header's progress bar is gone and controls are enabled). */
export async function idle(page: Page): Promise<void> {
  await expect(cfg(page).busy).toHaveCount(0);
}

/** Picks a value of a select (dropdown or imagedropdown) by its caption. */
export async function pickFromSelect(page: Page, label: string | RegExp, caption: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: caption, exact: true }).click();
}

/** Configures the demo chair to completion (Task, grey breathable mesh, hard casters), page by page. */
export async function configureTaskChair(page: Page): Promise<void> {
  const ui = cfg(page);
  await configured(page, () => page.getByRole('radio', { name: 'Task' }).check());
  await idle(page);
  await ui.tab('2. Upholstery').click();
  await configured(page, () => page.getByRole('radio', { name: 'Breathable mesh' }).check());
  await idle(page);
  await configured(page, () => pickFromSelect(page, /Colour/, 'Grey'));
  await idle(page);
  await ui.tab('3. Ergonomics').click();
  await configured(page, () => page.getByRole('radio', { name: 'Hard casters for carpet' }).check());
  await idle(page);
}

/** Where the quote's id is in /Quote/{id}. */
export const quoteIdOf = (url: string): number => Number(/\/Quote\/(\d+)/.exec(url)?.[1]);

/** Clicks the finish button (whatever its label) and waits for /Quote/{id}; answers the finish result. */
export async function finishAndOpenQuote(
  page: Page,
  label: string = 'Finish',
): Promise<TResultOf<'configurator/finish'>> {
  const [response] = await Promise.all([
    page.waitForResponse((response) => response.url().endsWith('/api/v1/configurator/finish')),
    page.getByRole('button', { name: label, exact: true }).click(),
  ]);
  const { result } = (await response.json()) as { result: TResultOf<'configurator/finish'> };
  await expect(page).toHaveURL(new RegExp(`/Quote/${result.quoteId}$`));
  return result;
}

/**
 * Signs in as the demo sales user, opens a new configuration of a demo product (for a quote, or none) and waits for
 * its header. Answers the product id, the recorded configure calls, the screen's parts and the bearer token.
 */
export async function openAsSales(page: Page, request: APIRequestContext, productName: string, quoteId = 0) {
  const session = await apiCall(request, 'auth/login', {
    username: DEMO.sales.username,
    password: DEMO.sales.password,
  });
  if (session.mfaRequired) throw new Error('The demo sales user has no multi-factor');
  await useSession(page, session);
  const productId = await productIdByName(request, session.token, productName);
  const sent = recordConfigure(page);
  const ui = cfg(page);
  await page.goto(`/Configurator/${productId}/${quoteId}/${randomUUID()}`);
  await expect(ui.header).toBeVisible();
  return { productId, sent, ui, token: session.token };
}
