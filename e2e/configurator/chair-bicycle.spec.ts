import { MSG } from '@cpq/contracts';
import { captureScreen } from '../support/a11y';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { toast } from '../support/ui';
import { configured, finishAndOpenQuote, idle, openAsSales, pickFromSelect } from './support/configurator';

const FREIGHT = 'Orders above 200 chairs ship by freight: ask sales for a delivery quote.';
const LUMBAR_TIP = 'Most customers who sit over 6 hours a day add lumbar support.';

test.describe('/Configurator: the office chair and the bicycle', () => {
  test('chair: slider, Fraction slider, positive-number check, messages toasted once, finish', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const { sent, ui } = await openAsSales(page, request, 'ErgoLine Office Chair');
    await expect(ui.header).toContainText(MSG.totalPrice);

    // A required choice left empty is reported on Continue, not before.
    await expect(page.getByText(MSG.fieldRequired)).toHaveCount(0);
    await ui.continue.click();
    await expect(ui.option('series')).toContainText(MSG.fieldRequired);
    await configured(page, () => page.getByRole('radio', { name: 'Task' }).check());
    await idle(page);
    await expect(ui.option('series')).not.toContainText(MSG.fieldRequired);
    // An Information message is an information toast.
    await expect(toast(page, LUMBAR_TIP)).toBeVisible();
    await ui.continue.click();
    await expect(ui.tab('2. Upholstery')).toHaveAttribute('aria-selected', 'true');
    await configured(page, () => page.getByRole('radio', { name: 'Breathable mesh' }).check());
    await idle(page);
    await configured(page, () => pickFromSelect(page, /Colour/, 'Black'));
    await idle(page);
    await shoot(page, 'configurator-chair-upholstery');
    await ui.continue.click();
    await expect(ui.tab('3. Ergonomics')).toHaveAttribute('aria-selected', 'true');

    // numericcontrol: the slider sends when let go (keyboard here); the number beside it follows.
    const seatHeight = page.getByRole('slider', { name: 'Preferred seat height (cm)' });
    await seatHeight.focus();
    await configured(page, () => seatHeight.press('End'));
    expect(sent.at(-1)).toEqual({
      sessionId: expect.any(String),
      id: 'seatHeight',
      value: 55,
      basedOn: expect.any(Number),
    });
    await idle(page);
    await expect(page.getByRole('textbox', { name: /Preferred seat height/ })).toHaveValue('55');

    // Fraction: typed and shown as mixed numbers.
    const seatDepth = page.getByRole('textbox', { name: /Seat depth/ });
    await seatDepth.fill('17 1/2');
    await configured(page, () => seatDepth.press('Tab'));
    expect(sent.at(-1)).toEqual({
      sessionId: expect.any(String),
      id: 'seatDepth',
      value: 17.5,
      basedOn: expect.any(Number),
    });
    await idle(page);
    await expect(seatDepth).toHaveValue('17 1/2');
    await expect(page.getByRole('slider', { name: 'Seat depth (in)' })).toHaveAttribute('aria-valuetext', '17 1/2');
    await configured(page, () => page.getByRole('radio', { name: 'Glides' }).check());
    await idle(page);
    await captureScreen(page, 'configurator-chair-ergonomics', testInfo);
    // Every required option has a value now (quantity defaults to 1): Finish replaces Continue.
    await expect(ui.finish).toBeVisible();
    await expect(ui.continue).toHaveCount(0);
    await ui.tab('4. Order').click();
    await expect(ui.tab('4. Order')).toHaveAttribute('aria-selected', 'true');

    // 'Must be a positive number.' for a negative quantity (min 1); nothing is sent.
    const quantity = page.getByRole('textbox', { name: /Quantity/ });
    const callsBefore = sent.length;
    await quantity.fill('-3');
    await quantity.press('Tab');
    await expect(ui.option('Quantity')).toContainText(MSG.positiveNumber);
    expect(sent.length).toBe(callsBefore);

    // A Critical engine message is a failure toast, shown once even as later steps keep it.
    await quantity.fill('250');
    await configured(page, () => quantity.press('Tab'));
    await expect(toast(page, FREIGHT)).toBeVisible();
    await idle(page);
    await shoot(page, 'configurator-chair-message', { hideToasts: false });
    await ui.tab('3. Ergonomics').click();
    await configured(page, () => page.getByRole('checkbox', { name: /Adjustable lumbar support/ }).check());
    await idle(page);
    await expect(page.locator('#notistack-snackbar').filter({ hasText: FREIGHT })).toHaveCount(1);

    await ui.tab('4. Order').click();
    await quantity.fill('2');
    await configured(page, () => quantity.press('Tab'));
    await idle(page);
    await expect(ui.finish).toBeVisible();
    await finishAndOpenQuote(page);
  });

  test('bicycle: why-not for a frame the type excludes, and its one-click change', async ({ page, request }) => {
    const { sent } = await openAsSales(page, request, 'Atlas Custom Bicycle');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/v1/configurator/configure'));
    await configured(page, () => page.getByRole('radio', { name: 'City' }).check());
    // The step's JSON comes compressed, as the browser asks for it.
    expect(await (await answer).headerValue('content-encoding')).toMatch(/^(br|gzip)$/);
    await idle(page);
    await expect(page.getByRole('radio', { name: 'Carbon fibre' })).toBeDisabled();
    const why = page.getByRole('button', { name: 'Why is Carbon fibre not available?' });
    await why.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Why is Carbon fibre not available?' });
    await expect(dialog.getByRole('region', { name: 'Your choices that exclude it' })).toContainText('Bicycle type');
    await expect(dialog.getByRole('region', { name: 'Smallest change' })).toContainText(
      'Choose Carbon fibre instead: changes Bicycle type from City to',
    );
    await dialog.getByRole('button', { name: 'Choose Carbon fibre' }).click();
    await expect(dialog.getByRole('status')).toContainText('Carbon fibre is now chosen.');
    expect(sent.at(-1)).toMatchObject({ id: 'frame', value: 'carbon', force: true });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('radio', { name: 'Carbon fibre' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'City' })).not.toBeChecked();
  });
});
