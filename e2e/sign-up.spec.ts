import { MSG, msgLoggedInAs } from '@cpq/contracts';
import { uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';
import { Authenticator } from './support/totp';
import { codeField, dashboardHeading, enrolmentSecret, toast, typeCode } from './support/ui';

test.describe("sign-up ('Try it out!')", () => {
  test('validates on submit with the spec messages', async ({ page }) => {
    await page.goto('/Login');
    const card = page.getByRole('region', { name: 'Try it out!' });
    const name = card.getByRole('textbox', { name: 'Name' });
    const email = card.getByRole('textbox', { name: 'Email Address' });
    await card.getByRole('button', { name: 'Sign Up' }).click();
    await expect(name).toHaveAccessibleDescription(MSG.nameRequired);
    await expect(email).toHaveAccessibleDescription(MSG.emailRequired);

    await name.fill('Tia Tester');
    await email.fill('not-an-email');
    await card.getByRole('button', { name: 'Sign Up' }).click();
    await expect(email).toHaveAccessibleDescription(MSG.invalidEmail);
    await expect(name).toHaveAccessibleDescription('');
  });

  test('success shows the code step with the QR code; the computed code signs in', async ({ page }) => {
    const username = uniqueEmail('signup');
    await page.goto('/Login');
    const card = page.getByRole('region', { name: 'Try it out!' });
    await card.getByRole('textbox', { name: 'Name' }).fill('Tia Tester');
    await card.getByRole('textbox', { name: 'Email Address' }).fill(username);
    await card.getByRole('button', { name: 'Sign Up' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step verification' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(codeField(page)).toBeFocused();
    const secret = await enrolmentSecret(page);

    await typeCode(page, await new Authenticator(secret).nextCode());
    await expect(page).toHaveURL(/\/QuoteDashboard$/);
    await expect(toast(page, msgLoggedInAs(username))).toBeVisible();
    // A public user's dashboard lists their quote requests.
    await expect(dashboardHeading(page, 'Quote Requests')).toBeVisible();
    // A self sign-up is a Public User (level 0): no Quotes, Orders or Administration.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(0);
  });

  test('an address that already has an account: Sign up failed! with the reason', async ({ page }) => {
    await page.goto('/Login');
    const card = page.getByRole('region', { name: 'Try it out!' });
    await card.getByRole('textbox', { name: 'Name' }).fill('Sam Again');
    await card.getByRole('textbox', { name: 'Email Address' }).fill('superadmin@demo.opencpq.dev');
    await card.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, `${MSG.signUpFailed} ${MSG.usernameTaken}`)).toBeVisible();
  });
});
