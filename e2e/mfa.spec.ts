import { MSG, msgLoggedInAs } from '@cpq/contracts';
import { createSecureUser } from './support/api';
import { expect, test } from './support/fixtures';
import { Authenticator } from './support/totp';
import { codeField, dashboardHeading, enrolmentSecret, submitCredentials, toast, typeCode } from './support/ui';

test.describe('multi-factor sign-in on the secure platform', () => {
  test('first sign-in enrols; a wrong code resets the field; the code submits itself; next time only the code', async ({
    page,
    request,
  }) => {
    const user = await createSecureUser(request, 'mfa');

    await submitCredentials(page, user.username, user.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const secretText = await enrolmentSecret(page);
    expect(secretText).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    await expect(page.getByRole('link', { name: 'App Store' })).toHaveAttribute('href', /apps\.apple\.com/);
    await expect(page.getByRole('link', { name: 'Google Play' })).toHaveAttribute('href', /play\.google\.com/);
    const authenticator = new Authenticator(secretText);

    // A wrong code: 'Incorrect Passcode.' under the field, and the field is emptied for another try.
    await typeCode(page, authenticator.wrongCode());
    await expect(codeField(page)).toHaveAccessibleDescription(MSG.incorrectPasscode);
    await expect(codeField(page)).toHaveValue('');
    await expect(page).toHaveURL(/\/Login$/);

    // The right code, typed digit by digit: shown as 'nnn nnn', sent without pressing Verify.
    const code = await authenticator.nextCode();
    await codeField(page).pressSequentially(code.slice(0, 5), { delay: 40 });
    await expect(codeField(page)).toHaveValue(`${code.slice(0, 3)} ${code.slice(3, 5)}`);
    await codeField(page).press(code.charAt(5));
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    await expect(toast(page, msgLoggedInAs(user.username))).toBeVisible();

    await page.getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/Login$/);

    // Enrolled now: the next sign-in asks for the code only, with no QR code.
    await submitCredentials(page, user.username, user.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();
    await expect(codeField(page)).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(page.getByTestId('mfa-secret')).toHaveCount(0);
    await typeCode(page, await authenticator.nextCode());
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    await expect(dashboardHeading(page)).toBeVisible();
  });

  test("'Keep me logged in' keeps the session in local storage after the code", async ({ page, request }) => {
    const user = await createSecureUser(request, 'keep');
    await page.goto('/Login');
    await page.getByRole('textbox', { name: 'Email Address' }).first().fill(user.username);
    await page.getByLabel('Password').first().fill(user.password);
    await page.getByRole('checkbox', { name: 'Keep me logged in on this computer' }).check();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const secret = await enrolmentSecret(page);
    await typeCode(page, await new Authenticator(secret).nextCode());
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    expect(await page.evaluate(() => window.localStorage.getItem('cpqSession'))).toContain(user.username);
    expect(await page.evaluate(() => window.sessionStorage.getItem('cpqSession'))).toContain(user.username);
  });
});
