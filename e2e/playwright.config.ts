import { defineConfig, devices } from '@playwright/test';
import { SMTP_PORT } from './support/mail-catcher';

/** The app under test: started as the README starts it, on its own port and a fresh embedded database. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/open-cpq-e2e-${PORT}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'artifacts/test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './support/global-setup.ts',
  reporter: [['list'], ['html', { outputFolder: 'artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // The browser asks for reduced motion, which the app honours (theme.ts): menus and dialogs are there at once, so
    // no click lands on a menu still growing in (one did: a Status option clicked 150 ms after the menu opened
    // missed, and the menu stayed open). Full motion is the theme's unit tests' business.
    reducedMotion: 'reduce',
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${DATA_DIR} && npm start`,
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      // ERP status polls and the job worker on a short beat: an ERP's status change reaches open screens in seconds.
      ERP_POLL_MS: '1000',
      JOBS_POLL_MS: '500',
    },
  },
});
