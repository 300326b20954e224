import { randomUUID } from 'node:crypto';
import { MSG, msgAddedToQuote } from '@cpq/contracts';
import { captureScreen } from '../support/a11y';
import { DEMO, passwordToken, uniqueEmail } from '../support/api';
import { expect, test } from '../support/fixtures';
import { shoot } from '../support/shoot';
import { toast } from '../support/ui';
import { cfg, configureTaskChair, finishAndOpenQuote, productIdByName } from './support/configurator';

const CHAIR = 'ErgoLine Office Chair';

test.describe('/Configurator for a visitor', () => {
  test('e-mail prompt, then configure and finish as a quote request (type 3)', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const token = await passwordToken(request, DEMO.sales.username, DEMO.sales.password);
    const productId = await productIdByName(request, token, CHAIR);
    const email = uniqueEmail('visitor');
    const path = `/Configurator/${productId}/0/${randomUUID()}`;
    await page.goto(`${path}?email=${encodeURIComponent('typo@')}`);

    await expect(page.getByText(MSG.emailToSave)).toBeVisible();
    const field = page.getByRole('textbox', { name: /Email Address/ });
    await expect(field).toHaveValue('typo@');
    await expect(page.getByText(MSG.invalidEmail)).toHaveCount(0);
    await captureScreen(page, 'configurator-visitor-email', testInfo);
    await page.getByRole('button', { name: 'Start configuring' }).click();
    await expect(page.getByText(MSG.invalidEmail)).toBeVisible();

    await field.fill(email);
    await page.getByRole('button', { name: 'Start configuring' }).click();
    await expect(cfg(page).header).toContainText(MSG.totalPrice);
    await expect(page).toHaveURL(new RegExp(`${path}\\?email=`));

    await configureTaskChair(page);

    const finished = await finishAndOpenQuote(page);
    expect(finished.quoteType).toBe(3);
    await expect(toast(page, msgAddedToQuote(finished.partNumber, finished.quoteId))).toBeVisible();
  });

  test('an address that has an account is told to sign in', async ({ page, request }) => {
    const token = await passwordToken(request, DEMO.sales.username, DEMO.sales.password);
    const productId = await productIdByName(request, token, CHAIR);
    await page.goto(`/Configurator/${productId}/0/${randomUUID()}`);
    await page.getByRole('textbox', { name: /Email Address/ }).fill(DEMO.sales.username);
    await page.getByRole('button', { name: 'Start configuring' }).click();
    const signIn = page.getByRole('link', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    await shoot(page, 'configurator-visitor-has-account');
    await signIn.click();
    await expect(page).toHaveURL(/\/Login$/);
  });
});
