import { randomUUID } from 'node:crypto';
import { MSG, msgAddedToQuote, msgNoSmallerThan } from '@cpq/contracts';
import { signInAs } from '../admin/support/admin';
import { captureScreen } from '../support/a11y';
import { apiCall, DEMO, passwordToken } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { toast } from '../support/ui';
import {
  answeredState,
  configured,
  finishAndOpenQuote,
  idle,
  openAsSales,
  pickFromSelect,
  quoteIdOf,
} from './support/configurator';

const DOOR = 'Industrial Sectional Door';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('/Configurator: the industrial door', () => {
  test('every page of the door: cards, why-not, numbers, radios, selects, checkbox, combo box, text area, finish', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { sent, ui } = await openAsSales(page, request, DOOR);
    await expect(ui.header).toContainText(MSG.totalPrice);
    await expect(ui.price).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(ui.tab('1. Door')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('img', { name: DOOR })).toBeVisible();
    await captureScreen(page, 'configurator-start', testInfo);

    // imageandtexthorizontal (auto-continue 1): one pick, one call. High-speed is disabled and says why.
    await configured(page, () => page.getByRole('radio', { name: 'Rolling shutter' }).check());
    await idle(page);
    expect(sent.filter((body) => body.id === 'doorType')).toEqual([
      { sessionId: expect.any(String), id: 'doorType', value: 'rolling', basedOn: expect.any(Number) },
    ]);
    await configured(page, () => page.getByRole('radio', { name: 'Sectional' }).check());
    await idle(page);
    await expect(page.getByRole('radio', { name: 'High-speed' })).toBeDisabled();
    await page.getByRole('button', { name: 'Why is High-speed not available?' }).click();
    const whyNot = page.getByRole('dialog', { name: 'Why is High-speed not available?' });
    await expect(whyNot.getByRole('region', { name: 'Your choices that exclude it' })).toContainText(
      'Panel insulation: 40 mm PU foam',
    );
    await expect(whyNot.getByRole('region', { name: 'Smallest change' })).toHaveText(
      /Choose High-speed instead: changes Panel insulation from 40 mm PU foam to Single skin/,
    );
    await captureScreen(page, 'configurator-why-not', testInfo);
    await whyNot.getByRole('button', { name: 'Choose High-speed' }).click();
    await expect(whyNot.getByRole('status')).toContainText('High-speed is now chosen.');
    await expect(whyNot.getByRole('status')).toContainText('Panel insulation from 40 mm PU foam to Single skin');
    expect(sent.at(-1)).toEqual({ sessionId: expect.any(String), id: 'doorType', value: 'high-speed', force: true });
    await shoot(page, 'configurator-why-not-applied');
    await whyNot.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('radio', { name: 'High-speed' })).toBeChecked();
    // Back to a sectional door: the high-speed door would leave only the heavy-duty motor to choose.
    await configured(page, () => page.getByRole('radio', { name: 'Sectional' }).check());
    await idle(page);

    // numerictextbox: validation runs on submit only (Continue, Tab); commas are stripped.
    const width = page.getByRole('textbox', { name: /Clear opening width/ });
    const height = page.getByRole('textbox', { name: /Clear opening height/ });
    await width.fill('1,000');
    await expect(ui.option('width')).not.toContainText(msgNoSmallerThan(1500));
    await ui.continue.click();
    await expect(ui.option('width')).toContainText(msgNoSmallerThan(1500));
    await expect(ui.option('height')).toContainText(MSG.fieldRequired);
    await shoot(page, 'configurator-field-errors');
    await width.fill('2,400');
    const widthAnswer = await configured(page, () => width.press('Tab'));
    expect(sent.at(-1)).toEqual({
      sessionId: expect.any(String),
      id: 'width',
      value: 2400,
      basedOn: expect.any(Number),
    });
    await idle(page);
    // Focus moves to the option the engine names next.
    // The page shows a state the server answered, so the answer is only what changed from it.
    expect(widthAnswer).toHaveProperty('changes');
    expect(answeredState(widthAnswer).OptionToFocus).toBe('height');
    await expect(height).toBeFocused();
    await expect(ui.option('width')).not.toContainText(msgNoSmallerThan(1500));
    await height.fill('2,600');
    await configured(page, () => ui.continue.click());
    await expect(ui.tab('2. Operation')).toHaveAttribute('aria-selected', 'true');
    expect(sent.at(-1)).toEqual({
      sessionId: expect.any(String),
      id: 'height',
      value: 2600,
      basedOn: expect.any(Number),
    });

    // radiobuttonhorizontal (auto-continue 2): sent again only when the engine keeps the focus on it.
    const openerAnswer = await configured(page, () =>
      page.getByRole('radio', { name: 'Standard motor 0.55 kW' }).check(),
    );
    await idle(page);
    const openerCalls = sent.filter((body) => body.id === 'opener').length;
    expect(openerCalls).toBe(answeredState(openerAnswer).OptionToFocus === 'opener' ? 2 : 1);

    // A motor needs the safety edge: the box is ticked and cannot be unticked, and it says why.
    const safetyEdge = page.getByRole('checkbox', { name: /Safety edge with photo-eye/ });
    await expect(safetyEdge).toBeChecked();
    await expect(safetyEdge).toBeDisabled();
    await page.getByRole('button', { name: 'Why is Safety edge with photo-eye: No not available?' }).click();
    const edgeWhy = page.getByRole('dialog', { name: 'Why is Safety edge with photo-eye: No not available?' });
    await expect(edgeWhy.getByRole('region', { name: 'Rules involved' })).toContainText(
      'A motorised door needs a safety edge',
    );
    await edgeWhy.getByRole('button', { name: 'Close' }).click();
    // dropdown.
    await configured(page, () => pickFromSelect(page, /Remote controls/, '2 hand transmitters'));
    await idle(page);
    await shoot(page, 'configurator-operation');
    await ui.continue.click();
    await expect(ui.tab('3. Panels and finish')).toHaveAttribute('aria-selected', 'true');

    // checkbox: sent as 'True'; the option it reveals is answered too.
    await configured(page, () => page.getByRole('checkbox', { name: /Vision panels/ }).check());
    expect(sent.at(-1)).toEqual({
      sessionId: expect.any(String),
      id: 'windows',
      value: 'True',
      basedOn: expect.any(Number),
    });
    await idle(page);
    await configured(page, () => page.getByRole('radio', { name: 'One row' }).check());
    await idle(page);

    // imagedropdown: every item shows its swatch.
    await page.getByRole('combobox', { name: /Colour/ }).click();
    const anthracite = page.getByRole('listbox').getByRole('option', { name: 'Anthracite RAL 7016' });
    await expect(anthracite.locator('img')).toHaveAttribute('src', /swatch/);
    await shoot(page, 'configurator-image-dropdown');
    await configured(page, () => anthracite.click());
    await idle(page);
    await ui.continue.click();
    await expect(ui.tab('4. Site')).toHaveAttribute('aria-selected', 'true');

    // typeabledropdown: typing filters; textarea: Tab submits.
    await pickFromSelect(page, /Wind load class/, 'Class 3 (700 Pa)');
    await idle(page);
    const mounting = page.getByRole('combobox', { name: /Mounting/ });
    await mounting.fill('lintel');
    await expect(page.getByRole('option')).toHaveText(['Timber lintel', 'Concrete lintel']);
    await configured(page, () => page.getByRole('option', { name: 'Concrete lintel' }).click());
    await idle(page);
    const notes = page.getByRole('textbox', { name: /Special instructions/ });
    await notes.fill('Gate on the north side.\nCall before delivery.');
    await configured(page, () => notes.press('Tab'));
    expect(sent.at(-1)).toEqual({
      sessionId: expect.any(String),
      id: 'siteNotes',
      value: 'Gate on the north side.\nCall before delivery.',
      basedOn: expect.any(Number),
    });
    await idle(page);

    // Details: Part / Selection and the total.
    await ui.details.click();
    const details = page.getByRole('dialog', { name: 'Configuration Details' });
    await expect(details.getByRole('columnheader')).toHaveText(['Part', 'Selection']);
    await expect(details.getByTestId('details-total')).toHaveText((await ui.price.textContent()) ?? '');
    await captureScreen(page, 'configurator-details', testInfo);
    await details.getByRole('button', { name: 'Close' }).click();

    // Finish once complete: the toast, then the quote.
    await expect(ui.finish).toBeVisible();
    await shoot(page, 'configurator-complete');
    const finished = await finishAndOpenQuote(page);
    await expect(toast(page, msgAddedToQuote(finished.partNumber, finished.quoteId))).toBeVisible();
    expect(quoteIdOf(page.url())).toBe(finished.quoteId);
  });

  test('why-not on a width too wide: the range in words, and the one click narrows the width', async ({
    page,
    request,
  }) => {
    const { ui } = await openAsSales(page, request, DOOR);
    await expect(ui.header).toContainText(MSG.totalPrice);
    const width = page.getByRole('textbox', { name: /Clear opening width/ });
    await width.fill('4,000');
    await configured(page, () => width.press('Tab'));
    await idle(page);
    await page.getByRole('textbox', { name: /Clear opening height/ }).fill('2,600');
    await configured(page, () => ui.continue.click());
    await expect(ui.tab('2. Operation')).toHaveAttribute('aria-selected', 'true');
    await configured(page, () => page.getByRole('radio', { name: 'Standard motor 0.55 kW' }).check());
    await idle(page);

    const manual = 'Manual (chain hoist)';
    await expect(page.getByRole('radio', { name: manual })).toBeDisabled();
    await page.getByRole('button', { name: `Why is ${manual} not available?` }).click();
    const whyNot = page.getByRole('dialog', { name: `Why is ${manual} not available?` });
    const caption = 'Clear opening width (mm)';
    await expect(whyNot.getByRole('region', { name: 'Your choices that exclude it' })).toContainText(
      `${caption}: 4,000`,
    );
    await expect(whyNot.getByRole('region', { name: 'Rules involved' })).toContainText(
      'The widest door an opener lifts: manual 3,500 mm',
    );
    await expect(whyNot.getByRole('region', { name: `Allowed with ${manual}` })).toHaveText(
      new RegExp(`${escapeRegExp(caption)} must be between 1,500 and 3,500`),
    );
    await expect(whyNot.getByRole('region', { name: 'Smallest change' })).toHaveText(
      new RegExp(`Choose ${escapeRegExp(manual)} instead: changes ${escapeRegExp(caption)} from 4,000 to 3,500$`),
    );
    await expect(whyNot).not.toContainText('range.max');
    await expect(whyNot).not.toContainText('[1500');
    await shoot(page, 'configurator-why-not-range');

    await whyNot.getByRole('button', { name: `Choose ${manual}` }).click();
    await expect(whyNot.getByRole('status')).toContainText(`${caption} from 4,000 to 3,500`);
    await shoot(page, 'configurator-why-not-range-applied');
    await whyNot.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('radio', { name: manual })).toBeChecked();
    await ui.tab('1. Door').click();
    await expect(width).toHaveValue(/^3,?500$/);
  });

  test('Cancel asks first and goes to the quote, or home without one', async ({ page, request }) => {
    const { ui } = await openAsSales(page, request, DOOR);
    await expect(ui.header).toContainText(MSG.totalPrice);
    await ui.cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel configuration' });
    await expect(dialog).toContainText(MSG.confirmCancel);
    await shoot(page, 'configurator-cancel');
    await dialog.getByRole('button', { name: 'No, keep configuring' }).click();
    await expect(dialog).toBeHidden();
    await ui.cancel.click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page).toHaveURL(/\/$/);

    // With a quote, Cancel goes back to it.
    const token = await passwordToken(request, DEMO.sales.username, DEMO.sales.password);
    const quote = await apiCall(request, 'quoteManagement/createQuote', { input: { _id: randomUUID() } }, token);
    const withQuote = await openAsSales(page, request, DOOR, quote.id);
    await withQuote.ui.cancel.click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/Quote/${quote.id}$`));
  });

  test('a link without a configuration id opens a new configuration under a fresh GUID', async ({ page, request }) => {
    const { productId, ui } = await openAsSales(page, request, DOOR);
    await page.goto(`/Configurator/${productId}/0`);
    await expect(page).toHaveURL(new RegExp(`/Configurator/${productId}/0/[0-9a-f-]{36}$`));
    await expect(ui.header).toContainText(MSG.totalPrice);
  });

  test('bare /Configurator points to the catalog', async ({ page, request }, testInfo) => {
    await signInAs(page, request, DEMO.sales);
    await page.goto('/Configurator');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a product to configure' })).toBeVisible();
    await captureScreen(page, 'configurator-choose-product', testInfo);
    await page.getByRole('link', { name: 'Open the product catalog' }).click();
    await expect(page).toHaveURL(/\/(QuoteDashboard)?$/);
  });
});
