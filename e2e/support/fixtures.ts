import { randomInt } from 'node:crypto';
import { test as base } from '@playwright/test';

/**
 * Every test is its own client: the app trusts X-Forwarded-For (it runs behind a proxy), and its sign-in routes
 * limit each client address to a few attempts a minute. Without a distinct address per test the suite's own
 * sign-ins would throttle each other; with one, each test meets the limits a real visitor meets.
 */
export const clientAddress = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress() });
  },
  page: async ({ page }, use, testInfo) => {
    // A hashed asset answered with a 404 or with the HTML page means apps/web/dist was rebuilt under the running
    // server (a shared checkout): say so on failure, so that it is not mistaken for a bug of the page under test.
    const missingAssets: string[] = [];
    page.on('response', (response) => {
      if (!response.url().includes('/assets/')) return;
      const isHtml = (response.headers()['content-type'] ?? '').startsWith('text/html');
      if (response.status() === 404 || isHtml) missingAssets.push(response.url());
    });
    await use(page);
    if (missingAssets.length > 0 && testInfo.status !== testInfo.expectedStatus) {
      testInfo.annotations.push({
        type: 'environment',
        description: `apps/web/dist changed under the server (missing: ${missingAssets.join(', ')}); rerun`,
      });
    }
  },
});

export { expect } from '@playwright/test';
