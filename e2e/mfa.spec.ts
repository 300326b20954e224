import { MSG, msgLoggedInAs } from '@cpq/contracts';
import { createSecureUser, DEMO } from './support/api';
import { expect, test } from './support/fixtures';
import { waitForMailboxCode } from './support/mail-catcher';
import { Authenticator } from './support/totp';
import {
  codeField,
  dashboardHeading,
  enrolmentSecret,
  mailCodeField,
  passMailboxCheck,
  signInWithPassword,
  submitCredentials,
  toast,
  typeCode,
} from './support/ui';

test.describe('multi-factor sign-in on the secure platform', () => {
  test('first sign-in enrols; a wrong code resets the field; the code submits itself; next time only the code', async ({
    page,
    request,
  }) => {
    const user = await createSecureUser(request, 'mfa');

    // The password alone shows no authenticator: first the code mailed to the user (a departure from the spec).
    const since = Date.now();
    await submitCredentials(page, user.username, user.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expect(page.getByTestId('mfa-secret')).toHaveCount(0);
    const mailed = await waitForMailboxCode(user.username, since);
    // A wrong code: the server's message under the field, and the field emptied for another try.
    await mailCodeField(page).pressSequentially(mailed === '000000' ? '111111' : '000000', { delay: 20 });
    await expect(mailCodeField(page)).toHaveAccessibleDescription(MSG.mailCodeWrong);
    await expect(mailCodeField(page)).toHaveValue('');
    await mailCodeField(page).pressSequentially(mailed, { delay: 20 });
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
    const since = Date.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await passMailboxCheck(page, user.username, since);
    const secret = await enrolmentSecret(page);
    await typeCode(page, await new Authenticator(secret).nextCode());
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    expect(await page.evaluate(() => window.localStorage.getItem('cpqSession'))).toContain(user.username);
    expect(await page.evaluate(() => window.sessionStorage.getItem('cpqSession'))).toContain(user.username);
  });

  test("an administrator's 'Reset authenticator' makes the next sign-in enrol again, after the mailbox check", async ({
    page,
    request,
  }) => {
    const user = await createSecureUser(request, 'reset-mfa');
    // Enrol in the browser.
    let since = Date.now();
    await submitCredentials(page, user.username, user.password);
    await passMailboxCheck(page, user.username, since);
    await typeCode(page, await new Authenticator(await enrolmentSecret(page)).nextCode());
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    await page.getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/Login$/);

    // The super admin resets it from the user edit screen, with a confirmation.
    await signInWithPassword(page, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await page.goto(`/Users/edit/${encodeURIComponent(user.username)}`);
    await page.getByRole('button', { name: 'Reset authenticator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset authenticator' });
    await expect(dialog).toContainText(user.username);
    await dialog.getByRole('button', { name: 'Yes, reset' }).click();
    await expect(toast(page, `The authenticator of ${user.username} was reset.`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset authenticator' })).toHaveCount(0);
    await page.getByRole('button', { name: DEMO.superAdmin.username }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/Login$/);

    // The user's next sign-in goes through the mailbox and a new enrolment.
    since = Date.now();
    await submitCredentials(page, user.username, user.password);
    await passMailboxCheck(page, user.username, since);
    await typeCode(page, await new Authenticator(await enrolmentSecret(page)).nextCode());
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
  });
});
