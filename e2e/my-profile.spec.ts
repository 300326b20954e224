import { MSG, msgEditingUser } from '@cpq/contracts';
import { createDefaultUser, createSecureUser, enrolThroughApi } from './support/api';
import { expect, test } from './support/fixtures';
import { signInWithPassword, toast, useSession } from './support/ui';

test.describe('My Profile', () => {
  test('edit the name and save; Update Password shows Cancel and the user-form password rule', async ({
    page,
    request,
  }) => {
    const user = await createDefaultUser(request, 'profile');
    await signInWithPassword(page, user.username, user.password);
    await page.getByRole('button', { name: user.username }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(`/MyProfile/${encodeURIComponent(user.username)}`);
    await expect(page.getByRole('heading', { level: 1, name: msgEditingUser(user.username) })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email Address' })).toHaveValue(user.username);

    await page.getByRole('textbox', { name: 'First Name' }).fill('Renamed');
    await page.getByRole('textbox', { name: 'Last Name' }).fill('Person');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, MSG.userSaved)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('Renamed');
    await expect(page.getByRole('textbox', { name: 'Last Name' })).toHaveValue('Person');

    const togglePassword = page.getByRole('button', { name: 'Update Password' });
    await togglePassword.click();
    await expect(page.getByRole('button', { name: 'Update Password' })).toHaveCount(0);
    const cancelPassword = page.getByRole('button', { name: 'Cancel', expanded: true });
    await expect(cancelPassword).toBeVisible();
    const newPassword = page.getByLabel('New Password');
    await newPassword.fill('weakpass');
    await page.getByLabel('Confirm Password').fill('weakpass');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(newPassword).toHaveAccessibleDescription(MSG.passwordRulesUserForm);
    await cancelPassword.click();
    await expect(page.getByRole('button', { name: 'Update Password' })).toBeVisible();
    await expect(page.getByLabel('New Password')).toHaveCount(0);
  });

  test('on the secure platform the MFA box is forced: clicking it says MFA Required by platform.', async ({
    page,
    request,
  }) => {
    const user = await createSecureUser(request, 'forced');
    const { session } = await enrolThroughApi(request, user);
    await useSession(page, session);
    await page.goto(`/MyProfile/${encodeURIComponent(user.username)}`);
    const mfa = page.getByRole('checkbox', { name: 'Enable Multi-Factor Authentication' });
    await expect(mfa).toBeChecked();
    await expect(mfa).toHaveAccessibleDescription('Ask for a code from an authenticator app at every sign-in.');
    await mfa.click();
    await expect(mfa).toBeChecked();
    await expect(mfa).toHaveAccessibleDescription(MSG.mfaRequiredByPlatform);
    await expect(toast(page, MSG.mfaRequiredByPlatform)).toBeVisible();
  });
});
