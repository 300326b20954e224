/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { API_PREFIX, type TRequestOf, type TRoutePath, type TSession } from '@cpq/contracts';
import {
  type APIRequestContext,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { apiCall, DEMO } from '../../support/api';
import { clientAddress } from '../../support/fixtures';
import { useSession } from '../../support/ui';

/**
 * Helpers of the administration specs (e2e/admin). Built on the shared helpers in e2e/support: API calls, demo
 * sign-ins, the per-test client address and the stored-session sign-in.
 */

/** A tag no other run or test shares: lower case, so that it sorts and searches predictably. */
export const uniqueTag = (what: string): string =>
  `${what}${Date.now().toString(36)}${randomBytes(2).toString('hex')}`.toLowerCase();

/** Signs a demo user in through the API (no multi-factor on `default`) and answers the session. */
export async function apiSession(
  request: APIRequestContext,
  who: { username: string; password: string },
): Promise<TSession> {
  const result = await apiCall(request, 'auth/login', { username: who.username, password: who.password });
  if (result.mfaRequired) throw new Error(`${who.username} needs a code`);
  return result;
}

/** Opens the app signed in as `who` (a session from the API, as the shared `useSession` stores it). */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  who: { username: string; password: string } = DEMO.superAdmin,
): Promise<TSession> {
  const session = await apiSession(request, who);
  await useSession(page, session);
  return session;
}

/**
 * An API context of its own (for `beforeAll`, where the per-test `request` fixture does not exist), with its own
 * client address so that its sign-in is not throttled with the tests'.
 */
export async function standaloneApi(baseURL: string | undefined): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
}

/** A super admin token for seeding. */
export async function superAdminToken(request: APIRequestContext): Promise<string> {
  return (await apiSession(request, DEMO.superAdmin)).token;
}

/** Runs `task` for 0..count-1, `concurrency` at a time. */
export async function inBatches(count: number, concurrency: number, task: (index: number) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** One authorised API call answering `result` (throws with the server's message otherwise). */
export const call = <P extends TRoutePath>(request: APIRequestContext, token: string, path: P, body: TRequestOf<P>) =>
  apiCall(request, path, body, token);

/** A list page's request to `path` (a POST to /api/v1/<path>), with the body it carried. */
export const isListCall = (path: string) => (req: { url(): string; method(): string }) =>
  req.method() === 'POST' && req.url().endsWith(`${API_PREFIX}/${path}`);

// ------------------------------------------------------------------ generic list locators

export const listUi = (page: Page) => {
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  return {
    heading: (name: string) => page.getByRole('heading', { level: 1, name, exact: true }),
    search: page.getByRole('searchbox', { name: 'Search' }),
    table: page.getByRole('table'),
    /** The header cells by CSS: the Properties popover is modal, so roles behind it are hidden while it is open. */
    columnHeaders: page.locator('table thead th'),
    /**
     * Body rows of the table (the header row excluded), never the loading placeholders (aria-hidden): a click on
     * one of those, made before the first page arrived, went nowhere.
     */
    rows: page.locator('table tbody tr:not([aria-hidden="true"])'),
    pager,
    range: pager.getByText(/^\d+–\d+ of [\d,]+$/),
    pageButtons: pager.getByRole('button', { name: /^Page \d+$/ }),
    currentPage: pager.locator('[aria-current="page"]'),
    pageSize: pager.getByRole('combobox', { name: 'Per page' }),
    properties: page.getByRole('button', { name: 'Properties' }),
    propertiesPanel: page.getByRole('dialog', { name: 'Properties' }),
    tableView: page.getByRole('button', { name: 'Table view' }),
    cardView: page.getByRole('button', { name: 'Card view' }),
    back: page.getByRole('button', { name: 'Back to Administration' }),
  };
};

/** Types a search and submits it at once with Enter, then waits for the list's answer. */
export async function searchFor(page: Page, path: string, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (response) =>
      isListCall(path)(response.request()) && (response.request().postDataJSON()?.search ?? '') === text.trim(),
  );
  const search = listUi(page).search;
  await search.fill(text);
  await search.press('Enter');
  await answered;
}

/** The visible page numbers of the pager. */
export async function pageNumbers(page: Page): Promise<number[]> {
  const labels = await listUi(page).pageButtons.allTextContents();
  return labels.map(Number);
}

/** The text of one column (by header) over the table's body rows. */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await listUi(page).columnHeaders.allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`No column "${header}" in ${headers.join(', ')}`);
  return listUi(page)
    .rows.locator(`td:nth-child(${index + 1})`)
    .allTextContents();
}

/** The header cell of a column (for aria-sort), and its sort button. */
export const columnHeader = (page: Page, header: string): Locator =>
  listUi(page).columnHeaders.filter({ hasText: new RegExp(`^${header.replace(/[#()]/g, '\\$&')}$`) });

/** Clicks a column's sort button and waits for the list's answer. */
export async function sortBy(page: Page, path: string, header: string): Promise<void> {
  const answered = page.waitForResponse((response) => isListCall(path)(response.request()));
  await columnHeader(page, header).getByRole('button').click();
  await answered;
}

/** A list with its first rows (or its empty state) shown and no skeleton left, ready to photograph. */
export async function listLoaded(page: Page): Promise<void> {
  await expect(
    listUi(page)
      .rows.first()
      .or(page.getByText(/^No .* yet$/)),
  ).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

/** Waits until the table shows the rows of the current query (no skeleton, no page being fetched). */
export async function listSettled(page: Page): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The field's error text beneath it (MUI helper text wired by aria-describedby). */
export const fieldError = (field: Locator): Locator =>
  field
    .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]')
    .locator('.Mui-error.MuiFormHelperText-root');

/** Chooses an option of an MUI select (a combobox opening a listbox). */
export async function choose(page: Page, select: Locator, option: string | RegExp): Promise<void> {
  await select.click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** The first path (`d`) of a Material icon as the production build draws it (it carries no test ids). */
export function muiIconPath(name: string): string {
  const file = createRequire(import.meta.url).resolve(`@mui/icons-material/${name}`);
  const path = readFileSync(file, 'utf8').match(/\bd: "([^"]+)"/)?.[1];
  if (!path) throw new Error(`No path in ${file}`);
  return path;
}

/** The first path of the first icon inside `scope`. */
export const iconPathIn = (scope: Locator): Promise<string | null> =>
  scope.locator('svg path').first().getAttribute('d');

/**
 * The table's column headers are the spec's, in order. Level 9 sees every platform's records, and the lists add a
 * Platform column for it (an addition the spec does not list); `allowPlatform` accepts it, just before Actions.
 */
export async function expectColumns(page: Page, spec: string[], { allowPlatform = false } = {}): Promise<void> {
  const headers = listUi(page).columnHeaders;
  await expect(headers.first()).toBeVisible();
  const actual = (await headers.allTextContents()).map((text) => text.trim());
  const withoutPlatform = allowPlatform ? actual.filter((text) => text !== 'Platform') : actual;
  expect(withoutPlatform).toEqual(spec);
}
