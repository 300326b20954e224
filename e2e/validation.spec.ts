import { MSG } from '@cpq/contracts';
import { createSecureUser } from './support/api';
import { expect, test } from './support/fixtures';
import { codeField, passMailboxCheck, submitCredentials } from './support/ui';

// Spec section 5: validation runs on submit only, not on change, blur or mount.
test.describe('validation on submit only', () => {
  test('credentials: nothing on mount, typing or blur; the messages after Login', async ({ page }) => {
    await page.goto('/Login');
    const form = page.locator('section[aria-labelledby="auth-title"]');
    const email = form.getByRole('textbox', { name: 'Email Address' });
    const password = form.getByLabel('Password');
    await expect(email).toHaveAccessibleDescription('');
    await expect(password).toHaveAccessibleDescription('');

    await email.fill('not-an-email');
    await email.press('Tab');
    await password.fill('x');
    await password.fill('');
    await password.press('Tab');
    await expect(email).toHaveAccessibleDescription('');
    await expect(password).toHaveAccessibleDescription('');
    await expect(page.getByText(MSG.invalidEmail)).toHaveCount(0);
    await expect(page.getByText(MSG.passwordRequired)).toHaveCount(0);

    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(email).toHaveAccessibleDescription(MSG.invalidEmail);
    await expect(password).toHaveAccessibleDescription(MSG.passwordRequired);

    // After a failed submit, editing does not re-validate either (reValidateMode onSubmit).
    await email.fill('');
    await expect(email).toHaveAccessibleDescription(MSG.invalidEmail);
    await form.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(email).toHaveAccessibleDescription(MSG.emailRequired);
  });

  test('forgot password: the e-mail messages after Request Password Reset', async ({ page }) => {
    await page.goto('/Login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    const email = page.locator('section[aria-labelledby="auth-title"]').getByRole('textbox', { name: 'Email Address' });
    await email.fill('nope');
    await email.press('Tab');
    await expect(email).toHaveAccessibleDescription('');
    await page.getByRole('button', { name: 'Request Password Reset' }).click();
    await expect(email).toHaveAccessibleDescription(MSG.invalidEmail);
    await email.fill('');
    await page.getByRole('button', { name: 'Request Password Reset' }).click();
    await expect(email).toHaveAccessibleDescription(MSG.emailRequired);
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('sign-up: nothing on typing or blur; the messages after Sign Up', async ({ page }) => {
    await page.goto('/Login');
    const card = page.getByRole('region', { name: 'Try it out!' });
    const name = card.getByRole('textbox', { name: 'Name' });
    const email = card.getByRole('textbox', { name: 'Email Address' });
    await name.fill('a');
    await name.fill('');
    await email.fill('x@');
    await email.press('Tab');
    await expect(name).toHaveAccessibleDescription('');
    await expect(email).toHaveAccessibleDescription('');
    await card.getByRole('button', { name: 'Sign Up' }).click();
    await expect(name).toHaveAccessibleDescription(MSG.nameRequired);
    await expect(email).toHaveAccessibleDescription(MSG.invalidEmail);
  });

  test('authenticator code: No passcode provided., 6 numbers, only numbers', async ({ page, request }) => {
    const user = await createSecureUser(request, 'passcode');
    const since = Date.now();
    await submitCredentials(page, user.username, user.password);
    await passMailboxCheck(page, user.username, since);
    const field = codeField(page);
    const hint = 'Enter the 6-digit code from your authenticator app.';
    await expect(field).toHaveAccessibleDescription(hint);
    const verify = page.getByRole('button', { name: 'Verify' });

    await verify.click();
    await expect(field).toHaveAccessibleDescription(MSG.noPasscode);

    await field.pressSequentially('12');
    await field.press('Tab');
    await expect(field).toHaveValue('12');
    await expect(field).toHaveAccessibleDescription(MSG.noPasscode);
    await verify.click();
    await expect(field).toHaveAccessibleDescription(MSG.passcodeSixNumbers);

    // Six characters reach seven with the space and submit themselves; letters are refused by the form.
    await field.fill('');
    await field.pressSequentially('abcdef');
    await expect(field).toHaveValue('abc def');
    await expect(field).toHaveAccessibleDescription(MSG.passcodeOnlyNumbers);
    await expect(page).toHaveURL(/\/Login$/);
  });
});
