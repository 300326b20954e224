/// <reference lib="dom" />
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiCall, createDefaultUser, createSecureUser, enrolThroughApi, uniqueEmail } from './api';
import { waitForMail } from './mail-catcher';
import { dashboardHeading, passMailboxCheck, submitCredentials, useSession } from './ui';

/**
 * Brings a page to each screen of the sign-in and account issue, for the accessibility and screenshot specs.
 * Each function leaves the page showing the screen, settled (its heading visible, images loaded).
 */
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function qrLoaded(page: Page): Promise<void> {
  const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
  await expect(qr).toBeVisible();
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

export async function loginCredentials(page: Page): Promise<void> {
  await page.goto('/Login');
  await expect(heading(page, 'Sign in')).toBeVisible();
}

export async function loginForgot(page: Page): Promise<void> {
  await loginCredentials(page);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(heading(page, 'Reset your password')).toBeVisible();
}

/** The credentials stage after an empty submit: every message of the login form and the sign-up card at once. */
export async function loginErrors(page: Page): Promise<void> {
  await loginCredentials(page);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
}

/** First sign-in of a new user on `secure`: the enrolment (QR code, key, store links) and the code field. */
export async function loginEnrol(page: Page, request: APIRequestContext): Promise<void> {
  const user = await createSecureUser(request, 'screen-enrol');
  const since = Date.now();
  await submitCredentials(page, user.username, user.password);
  await passMailboxCheck(page, user.username, since);
  await expect(heading(page, 'Set up two-step verification')).toBeVisible();
  await qrLoaded(page);
}

/** First sign-in of a new user on `secure`: 'Check your e-mail', the mailed code's field (before the enrolment). */
export async function loginMailbox(page: Page, request: APIRequestContext): Promise<void> {
  const user = await createSecureUser(request, 'screen-mailbox');
  await submitCredentials(page, user.username, user.password);
  await expect(heading(page, 'Check your e-mail')).toBeVisible();
}

/** A later sign-in on `secure`: the code field alone. */
export async function loginCode(page: Page, request: APIRequestContext): Promise<void> {
  const user = await createSecureUser(request, 'screen-code');
  await enrolThroughApi(request, user);
  await submitCredentials(page, user.username, user.password);
  await expect(heading(page, 'Two-step verification')).toBeVisible();
}

/** 'Try it out!' submitted: the code step with the enrolment. */
export async function signUpCode(page: Page): Promise<void> {
  await loginCredentials(page);
  const card = page.getByRole('region', { name: 'Try it out!' });
  await card.getByRole('textbox', { name: 'Name' }).fill('Tia Tester');
  await card.getByRole('textbox', { name: 'Email Address' }).fill(uniqueEmail('screen-signup'));
  await card.getByRole('button', { name: 'Sign Up' }).click();
  await expect(heading(page, 'Set up two-step verification')).toBeVisible();
  await qrLoaded(page);
}

/** /ResetPassword from a real reset mail. */
export async function resetPassword(page: Page, request: APIRequestContext): Promise<void> {
  const user = await createDefaultUser(request, 'screen-reset');
  const since = Date.now();
  await apiCall(request, 'auth/forgotPassword', { username: user.username });
  const mail = await waitForMail(user.username, since);
  const path = mail.match(/\/ResetPassword\?request=[A-Za-z0-9_%-]+/)?.[0];
  if (!path) throw new Error('No reset link in the mail');
  await page.goto(path);
  await expect(heading(page, 'Reset Password')).toBeVisible();
}

export async function resetInvalid(page: Page): Promise<void> {
  await page.goto('/ResetPassword?request=unknown-request');
  await expect(page.getByRole('alert')).toBeVisible();
}

/** The quote dashboard (where sign-in lands) of a user signing in with a password, its list loaded. */
export async function home(page: Page, username: string, password: string): Promise<void> {
  await submitCredentials(page, username, password);
  await expect(dashboardHeading(page)).toBeVisible();
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

/** /MyProfile of a signed-in user with the password fields open. */
export async function profile(page: Page, request: APIRequestContext): Promise<void> {
  const user = await createDefaultUser(request, 'screen-profile');
  await home(page, user.username, user.password);
  await page.goto(`/MyProfile/${encodeURIComponent(user.username)}`);
  await expect(heading(page, /^Editing User: /)).toBeVisible();
}

/** /MyProfile on `secure`: the forced multi-factor box after a click, with its message. */
export async function profileSecure(page: Page, request: APIRequestContext): Promise<void> {
  const user = await createSecureUser(request, 'screen-profile-secure');
  const { session } = await enrolThroughApi(request, user);
  await useSession(page, session);
  await page.goto(`/MyProfile/${encodeURIComponent(user.username)}`);
  await expect(heading(page, /^Editing User: /)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Enable Multi-Factor Authentication' }).click();
}

export async function notFound(page: Page, username: string, password: string): Promise<void> {
  await home(page, username, password);
  await page.goto('/no/such/page');
  await expect(heading(page, 'Page not found')).toBeVisible();
}

/** The chunk of the sign-in pages (the `sign-in` group of apps/web/vite.config.ts). */
export const SIGN_IN_CHUNK = /\/assets\/sign-in-[^/]+\.js$/;

/** The 'Oops!' page, signed out: the sign-in page's code cannot be downloaded. */
export async function renderError(page: Page): Promise<void> {
  await page.evaluate(() => window.sessionStorage.clear());
  await page.route(SIGN_IN_CHUNK, (route) => route.abort());
  await page.goto('/Login');
  await expect(heading(page, /^Oops! Something went wrong/)).toBeVisible();
}
