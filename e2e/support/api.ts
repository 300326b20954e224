import { randomBytes } from 'node:crypto';
import { API_PREFIX, type TRequestOf, type TResultOf, type TRoutePath } from '@cpq/contracts';
import type { APIRequestContext } from '@playwright/test';
import { waitForMailboxCode } from './mail-catcher';
import { Authenticator } from './totp';

/** The demo sign-ins of the `default` platform (seed.ts DEMO_USERS), used read-only for plain password sign-in. */
export const DEMO = {
  superAdmin: { username: 'superadmin@demo.opencpq.dev', password: 'Demo!Super9', level: 9, firstName: 'Sam' },
  admin: { username: 'admin@demo.opencpq.dev', password: 'Demo!Admin5', level: 5, firstName: 'Ada' },
  sales: { username: 'sales@demo.opencpq.dev', password: 'Demo!Sales1', level: 1, firstName: 'Sal' },
  visitor: { username: 'visitor@demo.opencpq.dev', password: 'Demo!Visit0', level: 0, firstName: 'Vic' },
} as const;

/** A password that meets the rules and is on no common-password list. */
export const strongPassword = (): string => `Qx7!${randomBytes(6).toString('hex')}`;

/** A username nobody else in this run has. */
export const uniqueEmail = (tag: string): string =>
  `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.example.com`;

export class ApiCallError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(`${path}: ${status} ${code ?? ''} ${message}`);
  }
}

/**
 * One API call (`POST /api/v1/<path>`); answers `result` or throws ApiCallError with the server's code. A call the
 * server shed (503 with Retry-After: nothing of it ran) is sent once more after that wait, as the web app does.
 */
export async function apiCall<P extends TRoutePath>(
  request: APIRequestContext,
  path: P,
  body: TRequestOf<P>,
  token?: string,
): Promise<TResultOf<P>> {
  const send = () =>
    request.post(`${API_PREFIX}/${path}`, { data: body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let response = await send();
  const retryAfter = Number(response.headers()['retry-after']);
  if (response.status() === 503 && Number.isFinite(retryAfter)) {
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
    response = await send();
  }
  const envelope = (await response.json().catch(() => ({}))) as {
    success?: boolean;
    result?: unknown;
    error?: string;
    code?: string;
  };
  if (response.status() !== 200 || envelope.success !== true) {
    throw new ApiCallError(path, response.status(), envelope.code, envelope.error ?? '');
  }
  return envelope.result as TResultOf<P>;
}

/** Signs in with a password on a platform without multi-factor and answers the bearer token. */
export async function passwordToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const result = await apiCall(request, 'auth/login', { username, password });
  if (result.mfaRequired) throw new Error(`${username} needs a code; use signInWithCode`);
  return result.token;
}

export type TFreshUser = { username: string; password: string; firstName: string; lastName: string };

/**
 * A new Registered User on the `secure` platform (multi-factor required, no authenticator yet), created by the
 * default platform's super admin, who alone may choose the platform.
 */
export async function createSecureUser(request: APIRequestContext, tag: string): Promise<TFreshUser> {
  const token = await passwordToken(request, DEMO.superAdmin.username, DEMO.superAdmin.password);
  const user = { username: uniqueEmail(tag), password: strongPassword(), firstName: 'Sena', lastName: 'Secure' };
  await apiCall(
    request,
    'userManagement/createUser',
    { input: { ...user, pid: 'secure', roleId: 'registered' } },
    token,
  );
  return user;
}

/** A new Registered User on the `default` platform (no multi-factor) with a known password. */
export async function createDefaultUser(request: APIRequestContext, tag: string): Promise<TFreshUser> {
  const token = await passwordToken(request, DEMO.superAdmin.username, DEMO.superAdmin.password);
  const user = { username: uniqueEmail(tag), password: strongPassword(), firstName: 'Dana', lastName: 'Default' };
  await apiCall(
    request,
    'userManagement/createUser',
    { input: { ...user, pid: 'default', roleId: 'registered' } },
    token,
  );
  return user;
}

/**
 * Finishes a first sign-in on `secure` through the API: password, the code mailed for the mailbox check, then a
 * code from the enrolment that answers. Answers the session and the user's authenticator (for later codes).
 */
export async function enrolThroughApi(
  request: APIRequestContext,
  user: TFreshUser,
): Promise<{ session: TResultOf<'auth/authorize'>; authenticator: Authenticator }> {
  const since = Date.now();
  const login = await apiCall(request, 'auth/login', { username: user.username, password: user.password });
  if (!login.mfaRequired || !login.mailboxCheck) throw new Error(`${user.username} was expected to enrol`);
  const code = await waitForMailboxCode(user.username, since);
  const enrolled = await apiCall(request, 'auth/confirmMailbox', {
    username: user.username,
    code,
    secret: login.secret,
  });
  if (!enrolled.enrollment) throw new Error(`${user.username} got no enrolment after the mailbox check`);
  const authenticator = new Authenticator(enrolled.enrollment.secret);
  const session = await apiCall(request, 'auth/authorize', {
    username: user.username,
    token: await authenticator.nextCode(),
    secret: enrolled.secret,
  });
  return { session, authenticator };
}
