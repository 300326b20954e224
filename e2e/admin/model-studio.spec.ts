import { MSG, msgModelPublished } from '@cpq/contracts';
import type { Locator, Page } from '@playwright/test';
import { cfg, configured, finishAndOpenQuote, idle, openAsSales } from '../configurator/support/configurator';
import { expectAccessible } from '../support/a11y';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot, shootAsIs } from '../support/shoot';
import { toast } from '../support/ui';
import { choose, signInAs, uniqueTag } from './support/admin';

const WIDTHS = [390, 1280] as const;

/** The studio's editor panel and its numbered list items (options, values, pages…). */
const panel = (page: Page) => page.getByRole('tabpanel');
const items = (scope: Locator) => scope.locator('ol').first().locator(':scope > li');

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

/** Adds an option with its values (caption, value, price in dollars), shown as radio buttons. */
async function addOption(page: Page, caption: string, id: string, values: [string, string, string][]) {
  await panel(page).getByRole('button', { name: 'Add option' }).click();
  const option = items(panel(page)).last();
  await option.getByRole('textbox', { name: 'Caption', exact: true }).first().fill(caption);
  await option.getByRole('textbox', { name: 'Name in rules' }).fill(id);
  await choose(page, option.getByRole('combobox', { name: 'Shown as' }), 'Radio buttons');
  for (const [valueCaption, value, price] of values) {
    await option.getByRole('button', { name: 'Add value' }).click();
    const row = option.locator('section ol > li').last();
    await row.getByRole('textbox', { name: 'Caption', exact: true }).fill(valueCaption);
    await row.getByRole('textbox', { name: 'Value', exact: true }).fill(value);
    await row.getByRole('textbox', { name: 'Price', exact: true }).fill(price);
  }
  return option;
}

test.describe('/Products/edit/{id}/model: the model studio', () => {
  test('an administrator builds a product in forms, previews and publishes it; sales quotes it', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(480_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, request, DEMO.admin);
    const tag = uniqueTag('studio');
    const name = `Studio desk ${tag}`;

    // A new configurable product, made in the product form.
    await page.goto('/Products/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Part #' }).fill(tag.toUpperCase());
    await page.getByRole('button', { name: 'Configurable' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/\/Products\/edit\/\d+$/);
    await page.getByRole('link', { name: 'Open the model studio' }).click();
    await expect(page).toHaveURL(/\/Products\/edit\/\d+\/model$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Model: ${name}`);
    await expect(page.getByText('Draft not saved yet')).toBeVisible();
    await shoot(page, 'studio-general', { widths: WIDTHS });

    // Two options with priced values; the first one required, the second one moved above it and back.
    await openTab(page, 'Options');
    const top = await addOption(page, 'Top', 'top', [
      ['Oak', 'oak', '50'],
      ['Glass', 'glass', '90.50'],
    ]);
    await top.getByRole('checkbox', { name: 'Required' }).check();
    await addOption(page, 'Legs', 'legs', [
      ['Steel', 'steel', '10'],
      ['Wood', 'wood', '20'],
    ]);
    await panel(page).getByRole('button', { name: 'Move Legs up' }).click();
    await expect(items(panel(page)).first().getByRole('textbox', { name: 'Name in rules' })).toHaveValue('legs');
    await panel(page).getByRole('button', { name: 'Move Legs down' }).click();
    await expect(items(panel(page)).first().getByRole('textbox', { name: 'Name in rules' })).toHaveValue('top');
    await shoot(page, 'studio-options', { widths: WIDTHS });

    // A page whose screen shows both options.
    await openTab(page, 'Pages');
    await panel(page).getByRole('button', { name: 'Add page' }).click();
    const addToScreen = panel(page).getByRole('combobox', { name: 'Add an option to this screen' });
    await choose(page, addToScreen, 'Top');
    await choose(page, addToScreen, 'Legs');
    await expect(
      panel(page)
        .getByRole('list', { name: /^Options on/ })
        .getByRole('listitem'),
    ).toHaveCount(2);
    await shoot(page, 'studio-pages', { widths: WIDTHS });

    await openTab(page, 'Pricing');
    await panel(page).getByRole('textbox', { name: 'Base price' }).fill('100');
    await shoot(page, 'studio-pricing', { widths: WIDTHS });

    // A rule: the engine's check speaks under the field as it is typed.
    await openTab(page, 'Rules');
    await panel(page).getByRole('button', { name: 'Add rule' }).click();
    await panel(page).getByRole('textbox', { name: 'What it means' }).fill('Glass tops need steel legs');
    const rule = panel(page).getByRole('combobox', { name: 'Rule' });
    await rule.fill("top = 'glass' implies leg = 'steel'");
    await expect(panel(page).getByText(/^unknown option 'leg' at 1:\d+$/)).toBeVisible();
    await expect(panel(page).getByTestId('expression-highlight').locator('[data-error]')).toHaveText('leg');
    await shoot(page, 'studio-rules-error', { widths: WIDTHS });

    // The same rule written again with the completion list: option names, then their values inside quotes.
    await rule.fill('');
    await rule.pressSequentially("top = 'gl");
    const suggestions = panel(page).getByRole('listbox', { name: 'Suggestions' });
    await expect(suggestions.getByRole('option')).toHaveText([/^glass/]);
    await shoot(page, 'studio-rules-completion', { widths: WIDTHS });
    await expectAccessible(page, 'studio-rules-completion', testInfo);
    await rule.press('Enter');
    await rule.pressSequentially(' implies leg');
    await expect(suggestions.getByRole('option', { selected: true })).toHaveText(/^legs/);
    await rule.press('Tab');
    await rule.pressSequentially(" = 'st");
    await rule.press('Enter');
    await expect(rule).toHaveValue("top = 'glass' implies legs = 'steel'");
    await expect(suggestions).toHaveCount(0);
    await expect(panel(page).locator('.Mui-error')).toHaveCount(0);
    await shoot(page, 'studio-rules', { widths: WIDTHS });

    await openTab(page, 'Outputs');
    await panel(page).getByRole('combobox', { name: 'Part number' }).fill(`'${tag.toUpperCase()}-' & top`);
    await shoot(page, 'studio-outputs', { widths: WIDTHS });

    await openTab(page, 'JSON');
    await expect(panel(page).getByRole('textbox', { name: 'Model JSON' })).toHaveValue(/legs = 'steel'/);
    const download = page.waitForEvent('download');
    await panel(page).getByRole('button', { name: 'Export JSON' }).click();
    expect((await download).suggestedFilename()).toBe(`${tag.toUpperCase()}.model.json`);
    await shoot(page, 'studio-json', { widths: WIDTHS });

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, MSG.modelDraftSaved)).toBeVisible();
    await expect(page.getByText(/^Draft saved by/)).toBeVisible();

    // The model check counts what the rule leaves: oak with either legs, glass with steel.
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const findings = page.getByRole('status', { name: 'Model check' });
    await expect(findings).toContainText('Valid configurations: 3.');
    await shootAsIs(page, 'studio-check');

    // The preview runs the saved draft: wood legs rule the glass top out, and Why not? says so.
    const preview = page.getByRole('region', { name: 'Preview of the draft' });
    await expect(preview.getByTestId('preview-price')).toHaveText('$100.00');
    await configured(page, () => preview.getByRole('radio', { name: 'Wood' }).check());
    await idle(page);
    await expect(preview.getByRole('radio', { name: 'Glass' })).toBeDisabled();
    await expect(preview.getByTestId('preview-price')).toHaveText('$170.00');
    await preview.getByRole('button', { name: 'Why is Glass not available?' }).click();
    const whyNot = page.getByRole('dialog', { name: 'Why is Glass not available?' });
    await expect(whyNot.getByRole('region', { name: 'Your choices that exclude it' })).toContainText('Legs');
    await shootAsIs(page, 'studio-preview-why-not');
    // Nothing was applied from the dialog, so its button says Close (Done only after a change is chosen).
    await whyNot.getByRole('button', { name: 'Close', exact: true }).click();
    await shootAsIs(page, 'studio-preview');

    // On a phone the preview is a drawer.
    await page.setViewportSize({ width: 390, height: 740 });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Preview of the draft' })).toBeVisible();
    // The drawer slides in: photograph it once it is all on screen.
    const back = page.getByRole('button', { name: 'Back to the editor' });
    await expect.poll(async () => (await back.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    await shootAsIs(page, 'studio-preview-drawer');
    await page.getByRole('button', { name: 'Back to the editor' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, msgModelPublished(1))).toBeVisible();
    await expect(page.getByText('In use: version 1')).toBeVisible();
    await openTab(page, 'Versions');
    await expect(panel(page).getByRole('listitem')).toHaveCount(1);
    await expect(panel(page)).toContainText('Version 1');
    await shoot(page, 'studio-versions', { widths: WIDTHS });

    // A sales user configures the published product and adds it to a quote.
    await openAsSales(page, request, name);
    const ui = cfg(page);
    await configured(page, () => page.getByRole('radio', { name: 'Glass' }).check());
    await idle(page);
    await expect(page.getByRole('radio', { name: 'Wood' })).toBeDisabled();
    // The rule leaves steel legs the only choice with a glass top, so the engine has chosen them.
    await expect(page.getByRole('radio', { name: 'Steel' })).toBeChecked();
    await expect(ui.price).toHaveText('$200.50');
    const finished = await finishAndOpenQuote(page);
    expect(finished.price).toBe(200.5);
    await expect(page.getByText(`${tag.toUpperCase()}-glass`).first()).toBeVisible();
  });
});
