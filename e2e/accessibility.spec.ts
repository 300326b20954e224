/// <reference lib="dom" />

import { expectAccessible } from './support/a11y';
import { DEMO } from './support/api';
import { test } from './support/fixtures';
import * as screens from './support/screens';

// axe on every screen of the sign-in and account issue, light and dark: no serious or critical violations.
test.describe('accessibility (axe)', () => {
  test('/Login: credentials', async ({ page }, testInfo) => {
    await screens.loginCredentials(page);
    await expectAccessible(page, 'login-credentials', testInfo);
  });

  test('/Login: credentials and sign-up with their validation messages', async ({ page }, testInfo) => {
    await screens.loginErrors(page);
    await expectAccessible(page, 'login-errors', testInfo);
  });

  test('/Login: forgot password', async ({ page }, testInfo) => {
    await screens.loginForgot(page);
    await expectAccessible(page, 'login-forgot', testInfo);
  });

  test('/Login: mailbox check (check your e-mail)', async ({ page, request }, testInfo) => {
    await screens.loginMailbox(page, request);
    await expectAccessible(page, 'login-mailbox', testInfo);
  });

  test('/Login: authenticator enrolment', async ({ page, request }, testInfo) => {
    await screens.loginEnrol(page, request);
    await expectAccessible(page, 'login-enrol', testInfo);
  });

  test('/Login: authenticator code', async ({ page, request }, testInfo) => {
    await screens.loginCode(page, request);
    await expectAccessible(page, 'login-code', testInfo);
  });

  test('sign-up: code step', async ({ page }, testInfo) => {
    await screens.signUpCode(page);
    await expectAccessible(page, 'signup-code', testInfo);
  });

  test('/ResetPassword: form and invalid request', async ({ page, request }, testInfo) => {
    await screens.resetPassword(page, request);
    await expectAccessible(page, 'reset', testInfo);
    await screens.resetInvalid(page);
    await expectAccessible(page, 'reset-invalid', testInfo);
  });

  test('signed-in home (level 9)', async ({ page }, testInfo) => {
    await screens.home(page, DEMO.superAdmin.username, DEMO.superAdmin.password);
    await expectAccessible(page, 'home', testInfo);
  });

  test('/MyProfile, and on secure with the forced MFA message', async ({ page, request }, testInfo) => {
    await screens.profile(page, request);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expectAccessible(page, 'profile', testInfo);
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await screens.profileSecure(page, request);
    await expectAccessible(page, 'profile-secure', testInfo);
  });
});
