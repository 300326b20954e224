import { startMailCatcher } from './mail-catcher';

/** Starts the SMTP catcher the app under test sends its mail to; Playwright calls the returned teardown. */
export default async function globalSetup() {
  const server = await startMailCatcher();
  return async () => new Promise<void>((resolve) => server.close(() => resolve()));
}
