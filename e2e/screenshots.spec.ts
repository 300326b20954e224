/// <reference lib="dom" />
import { DEMO } from './support/api';
import { test } from './support/fixtures';
import * as screens from './support/screens';
import { shoot } from './support/shoot';

// Every screen of the issue, light and dark, 360 px and 1280 px: e2e/artifacts/screenshots/<name>-<theme>-<width>.png
test.describe('screenshots', () => {
  // Four full-page screenshots per screen: over a minute on a slow 2-core host for the tests with several screens.
  test.describe.configure({ timeout: 180_000 });

  test('login: credentials, errors and forgot password', async ({ page }) => {
    await screens.loginCredentials(page);
    await shoot(page, 'login-credentials');
    await screens.loginErrors(page);
    await shoot(page, 'login-errors');
    await screens.loginForgot(page);
    await shoot(page, 'login-forgot');
  });

  test('login: enrolment and code', async ({ page, request }) => {
    await screens.loginEnrol(page, request);
    await shoot(page, 'login-enrol');
    await screens.loginCode(page, request);
    await shoot(page, 'login-code');
  });

  test('sign-up code step', async ({ page }) => {
    await screens.signUpCode(page);
    await shoot(page, 'signup-code');
  });

  test('reset password and invalid request', async ({ page, request }) => {
    await screens.resetPassword(page, request);
    await shoot(page, 'reset');
    await screens.resetInvalid(page);
    await shoot(page, 'reset-invalid');
  });

  for (const demo of [DEMO.visitor, DEMO.sales, DEMO.admin, DEMO.superAdmin]) {
    test(`home, level ${demo.level}`, async ({ page }) => {
      await screens.home(page, demo.username, demo.password);
      // The sign-in toast lasts 6 s: one set with it showing, first.
      if (demo.level === 9) await shoot(page, 'home-level9-toast', { hideToasts: false });
      await shoot(page, `home-level${demo.level}`);
    });
  }

  test('profile, and on secure', async ({ page, request }) => {
    await screens.profile(page, request);
    await shoot(page, 'profile');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await shoot(page, 'profile-password-errors');
    await page.evaluate(() => sessionStorage.clear());
    await screens.profileSecure(page, request);
    await shoot(page, 'profile-secure');
  });

  test('404 and the error page', async ({ page }) => {
    await screens.notFound(page, DEMO.sales.username, DEMO.sales.password);
    await shoot(page, 'not-found');
    await screens.renderError(page);
    await shoot(page, 'error');
  });
});
