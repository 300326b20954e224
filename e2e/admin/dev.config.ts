// TEMPORARY (not committed): runs the admin specs against an already running server on E2E_PORT.
import { defineConfig } from '@playwright/test';
import base from '../playwright.config';
export default defineConfig({
  ...base,
  testDir: '.',
  globalSetup: undefined,
  webServer: undefined,
  reporter: [['list']],
  outputDir: '/tmp/admin-e2e/results',
});
