/// <reference lib="dom" />
import { expect, type Locator, type Page } from '@playwright/test';
import { waitForMailboxCode } from './mail-catcher';

/**
 * The newest toast (notistack) carrying this message. Toasts stay 6 s, so an earlier toast with the same text (a
 * create before an edit, say) may still be on screen: the newest is the one the last action raised.
 */
export const toast = (page: Page, message: string): Locator =>
  page.locator('#notistack-snackbar').filter({ hasText: message }).last();

/** The credentials stage's fields. */
export const credentials = (page: Page) => ({
  username: page.getByRole('textbox', { name: 'Email Address' }).first(),
  password: page.getByLabel('Password', { exact: false }).first(),
  login: page.getByRole('button', { name: 'Login', exact: true }),
});

/** Opens /Login and submits a username and password. */
export async function submitCredentials(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/Login');
  const form = credentials(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.login.click();
}

/**
 * The quote dashboard's heading, where sign-in lands and what `/` shows a signed-in user: 'Quotes', or 'Quote
 * Requests' for a public user (level 0).
 */
export const dashboardHeading = (
  page: Page,
  name: 'Quotes' | 'Quote Requests' | RegExp = /^Quotes$|^Quote Requests$/,
): Locator => page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' });

/** Signs in with a password (a platform without multi-factor) and waits for the quote dashboard. */
export async function signInWithPassword(page: Page, username: string, password: string): Promise<void> {
  await submitCredentials(page, username, password);
  await expect(page).toHaveURL(/\/QuoteDashboard$/);
  await expect(dashboardHeading(page)).toBeVisible();
}

/** The mailbox stage's field ('Check your e-mail', first enrolment). */
export const mailCodeField = (page: Page): Locator => page.getByRole('textbox', { name: 'E-mail Code' });

/**
 * The mailbox check of a first enrolment in the browser: waits for the 'Check your e-mail' stage and types the code
 * mailed after `since` (take `since` before submitting the password).
 */
export async function passMailboxCheck(page: Page, username: string, since: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  const code = await waitForMailboxCode(username, since);
  await mailCodeField(page).click();
  await mailCodeField(page).pressSequentially(code, { delay: 20 });
}

/** The code stage's field. */
export const codeField = (page: Page): Locator => page.getByRole('textbox', { name: 'Authenticator Code' });

/** Types a six-digit code one key at a time, as a person would (the field spaces it and submits itself). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await codeField(page).click();
  await codeField(page).pressSequentially(code, { delay: 40 });
}

/** The enrolment key as shown beside the QR code (grouped in fours). */
export async function enrolmentSecret(page: Page): Promise<string> {
  const key = page.getByTestId('mfa-secret');
  await expect(key).toBeVisible();
  return ((await key.textContent()) ?? '').trim();
}

/** Opens the app already signed in with a session from the API (for tests whose subject is not sign-in). */
export async function useSession(
  page: Page,
  session: { token: string; expiresAt: number; user: { username: string } },
): Promise<void> {
  const stored = JSON.stringify({
    token: session.token,
    expiresAt: session.expiresAt,
    username: session.user.username,
  });
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('cpqSession')) window.sessionStorage.setItem('cpqSession', value);
  }, stored);
}

/** Usable on the narrowest phone (320 px by default): nothing on the page is wider than the screen. */
export async function expectNoSideScroll(page: Page, width = 320): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width, height: 640 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (original) await page.setViewportSize(original);
}
