/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { DEMO } from './support/api';
import { expect, test } from './support/fixtures';
import { signInWithPassword } from './support/ui';

type TViolation = { directive: string; blocked: string };

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<TViolation[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: { directive: string; blocked: string }[] = [];
    (window as unknown as { cspViolations: typeof seen }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI });
    });
  });
  return async () => {
    const reported = await page.evaluate(() => (window as unknown as { cspViolations: TViolation[] }).cspViolations);
    return [...reported, ...console.map((text) => ({ directive: 'console', blocked: text }))];
  };
}

test.describe('Content-Security-Policy', () => {
  test('the app signs in, shows the administration screens and switches theme with no violation', async ({ page }) => {
    const violations = await watchViolations(page);
    const first = await page.goto('/Login');
    const csp = first?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self' 'sha256-");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");

    await signInWithPassword(page, DEMO.superAdmin.username, DEMO.superAdmin.password);
    for (const [path, heading] of [
      ['/Administration', 'Administration'],
      ['/Users', 'Users'],
      ['/Products', 'Products'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Dark Mode' }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Products', exact: true })).toBeVisible();
    expect(await violations()).toEqual([]);

    // The control: an injected inline script is blocked and reported, so the silence above means something.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
    });
    await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  });
});
