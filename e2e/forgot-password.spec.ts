import { MSG } from '@cpq/contracts';
import { ApiCallError, apiCall, createDefaultUser, strongPassword } from './support/api';
import { expect, test } from './support/fixtures';
import { waitForMail } from './support/mail-catcher';
import { credentials, signInWithPassword, submitCredentials, toast } from './support/ui';

/** The /ResetPassword?request=… path of the newest reset mail to `username`. */
async function resetPathFromMail(username: string, since: number): Promise<string> {
  const mail = await waitForMail(username, since);
  const match = mail.match(/https?:\/\/[^\s"'<>]+(\/ResetPassword\?request=[A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`No reset link in the mail to ${username}:\n${mail.slice(0, 2000)}`);
  return match[1];
}

test.describe('forgot password and Reset Password', () => {
  test('request, mail, reset with the spec messages, new password works, link works once', async ({
    page,
    request,
  }) => {
    const user = await createDefaultUser(request, 'reset');
    const since = Date.now();

    await page.goto('/Login');
    await credentials(page).username.fill(user.username);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const email = page.locator('section[aria-labelledby="auth-title"]').getByRole('textbox', { name: 'Email Address' });
    await expect(email).toHaveValue(user.username);
    await page.getByRole('button', { name: 'Request Password Reset' }).click();
    await expect(toast(page, MSG.resetEmailSent)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    const resetPath = await resetPathFromMail(user.username, since);
    await page.goto(resetPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page.getByText(`Choose a new password for ${user.username}.`)).toBeVisible();
    const newPassword = page.getByLabel('New Password');
    const confirm = page.getByLabel('Confirm Password');
    const save = page.getByRole('button', { name: 'Save Password' });
    await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

    await save.click();
    await expect(newPassword).toHaveAccessibleDescription(MSG.passwordRequired);
    await expect(confirm).toHaveAccessibleDescription(MSG.confirmPassword);

    await newPassword.fill('short');
    await confirm.fill('short');
    await save.click();
    await expect(newPassword).toHaveAccessibleDescription(MSG.passwordRules);
    await expect(confirm).toHaveAccessibleDescription('');

    const chosen = strongPassword();
    await newPassword.fill(chosen);
    await confirm.fill(`${chosen}x`);
    await save.click();
    await expect(newPassword).toHaveAccessibleDescription('');
    await expect(confirm).toHaveAccessibleDescription(MSG.passwordsDoNotMatch);

    await confirm.fill(chosen);
    await save.click();
    await expect(page).toHaveURL(/\/Login$/);

    // The link works once: opening it again says it has expired and goes to /Login.
    await page.goto(resetPath);
    await expect(toast(page, MSG.resetExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/Login$/);

    // The old password no longer works; the new one does.
    await submitCredentials(page, user.username, user.password);
    await expect(toast(page, `${MSG.loginFailed} ${MSG.invalidCredentials}`)).toBeVisible();
    await expect(page).toHaveURL(/\/Login$/);
    await signInWithPassword(page, user.username, chosen);
    const old = await apiCall(request, 'auth/login', { username: user.username, password: user.password }).catch(
      (error: unknown) => error,
    );
    expect(old).toBeInstanceOf(ApiCallError);
    expect((old as ApiCallError).code).toBe('INVALID_CREDENTIALS');
  });

  test('/ResetPassword without request goes to /Login', async ({ page }) => {
    await page.goto('/ResetPassword');
    await expect(page).toHaveURL(/\/Login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('an unknown request: Invalid password reset request.', async ({ page }) => {
    await page.goto('/ResetPassword?request=this-request-does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: MSG.resetInvalid })).toHaveText(MSG.resetInvalid);
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/Login$/);
  });
});
