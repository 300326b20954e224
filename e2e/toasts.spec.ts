import { randomUUID } from 'node:crypto';
import { MSG, msgLoggedInAs } from '@cpq/contracts';
import type { Locator, Page } from '@playwright/test';
import { call, signInAs } from './admin/support/admin';
import { HINGE, productByNumber } from './catalog/support';
import { cfg, configured, idle, openAsSales } from './configurator/support/configurator';
import { DEMO } from './support/api';
import { expect, test } from './support/fixtures';
import { shootAsIs } from './support/shoot';
import { submitCredentials, toast } from './support/ui';

const LUMBAR_TIP = 'Most customers who sit over 6 hours a day add lumbar support.';
const WIDTHS = [390, 1280] as const;
/** A click that a covering toast would swallow fails fast instead of waiting out the toast. */
const CLICK = { timeout: 2_000 } as const;

type TBox = { x: number; y: number; width: number; height: number };

const overlaps = (a: TBox, b: TBox): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element's box once it has stopped moving (a toast slides in, then the stack settles below the bars). */
async function settledBox(page: Page, element: Locator): Promise<TBox> {
  let previous = await element.boundingBox();
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await page.waitForTimeout(100);
    const next = await element.boundingBox();
    if (previous && next && JSON.stringify(previous) === JSON.stringify(next)) return next;
    previous = next;
  }
  throw new Error(`${element.toString()} never stopped moving`);
}

/** The toast and each button are on screen and, once the toast has settled, apart. */
async function expectApart(page: Page, shown: Locator, buttons: Locator[]): Promise<void> {
  await expect(shown).toBeVisible();
  const toastBox = await settledBox(page, shown);
  for (const button of buttons) {
    await expect(button).toBeVisible();
    const buttonBox = await settledBox(page, button);
    expect(overlaps(toastBox, buttonBox), `the toast ${JSON.stringify(toastBox)} covers ${button.toString()}`).toBe(
      false,
    );
  }
}

/**
 * notistack pauses its timers while the window has no focus: the screenshots are taken with the toast held, and
 * the click that follows still meets it.
 */
const holdToasts = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('blur')));
const releaseToasts = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

/** The toast's box as notistack paints it (its whole card, not only the message). */
const toastCard = (page: Page, message: string | RegExp): Locator =>
  page.locator('.notistack-SnackbarContainer [role="alert"]').filter({ hasText: message }).last();

/** Both themes at this width, with the toast held on screen (what a user sees while it is there). */
async function shootWithToast(page: Page, name: string): Promise<void> {
  await holdToasts(page);
  await shootAsIs(page, name);
  await releaseToasts(page);
}

test.describe('toasts never cover or block an action', () => {
  for (const width of WIDTHS) {
    test(`sign-in: 'Successfully logged in' leaves New Quote free at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await submitCredentials(page, DEMO.sales.username, DEMO.sales.password);
      await expect(page).toHaveURL(/\/QuoteDashboard$/);
      const shown = toastCard(page, msgLoggedInAs(DEMO.sales.username));
      const newQuote = page.getByRole('button', { name: 'New Quote' }).first();
      await expectApart(page, shown, [newQuote]);
      await shootWithToast(page, 'toast-sign-in');
      // The toast takes no clicks but its own close button's.
      expect(await shown.evaluate((element) => getComputedStyle(element).pointerEvents)).toBe('none');
      expect(
        await shown.getByRole('button', { name: 'Dismiss' }).evaluate((b) => getComputedStyle(b).pointerEvents),
      ).toBe('auto');
      await expect(shown).toBeVisible();
      await newQuote.click(CLICK);
      await expect(page).toHaveURL(/\/Quote\/\d+$/);
    });

    test(`configurator: an engine message leaves Cancel, details and Continue free at ${width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const { ui } = await openAsSales(page, request, 'ErgoLine Office Chair');
      await configured(page, () => page.getByRole('radio', { name: 'Task' }).check());
      await idle(page);
      const shown = toastCard(page, LUMBAR_TIP);
      const cancel = ui.header.getByRole('button', { name: 'Cancel' });
      const details = ui.header.getByRole('button', { name: MSG.configurationDetails });
      await expectApart(page, shown, [cancel, details, ui.continue]);
      await shootWithToast(page, 'toast-configurator');
      await holdToasts(page);
      await ui.continue.click(CLICK);
      await expect(ui.tab('2. Upholstery')).toHaveAttribute('aria-selected', 'true');
      await expect(shown).toBeVisible();
      await details.click(CLICK);
      await expect(page.getByRole('dialog', { name: MSG.configurationDetails })).toBeVisible();
    });

    test(`quote: 'Details saved.' leaves Create Quote free at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const session = await signInAs(page, request, DEMO.sales);
      const created = await call(request, session.token, 'quoteManagement/createQuote', {
        input: { _id: randomUUID(), name: 'Toast dock' },
      });
      const quote = await call(request, session.token, 'quoteManagement/updateQuote', {
        id: created.id,
        version: created.version,
        input: { firstName: 'Tess', lastName: 'Toast' },
      });
      const hinge = await productByNumber(request, session.token, HINGE.number);
      await call(request, session.token, 'quoteManagement/createLine', {
        input: { _id: randomUUID(), quoteId: quote.id, productId: hinge.ID },
      });
      await page.goto(`/Quote/${quote.id}`);
      await page.getByRole('tab', { name: 'Details', exact: true }).click();
      await page.getByRole('textbox', { name: 'Project Name' }).fill('Toast dock, north');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const shown = toastCard(page, 'Details saved.');
      // Save scrolled the page; a user goes back up to the quote's buttons, and the toast moves below them.
      await page.evaluate(() => window.scrollTo(0, 0));
      const createQuote = page.getByRole('button', { name: 'Create Quote', exact: true });
      await expectApart(page, shown, [createQuote]);
      await shootWithToast(page, 'toast-quote');
      await expect(toast(page, 'Details saved.')).toBeVisible();
      await createQuote.click(CLICK);
      await expect(page).toHaveURL(new RegExp(`/Configurator/31/${quote.id}/`));
      await expect(cfg(page).header).toBeVisible();
    });
  }

  test('a toast closes with its Dismiss button', async ({ page }) => {
    await submitCredentials(page, DEMO.sales.username, DEMO.sales.password);
    const shown = toastCard(page, msgLoggedInAs(DEMO.sales.username));
    await expect(shown).toBeVisible();
    await shown.getByRole('button', { name: 'Dismiss' }).click(CLICK);
    await expect(shown).toBeHidden();
  });
});
