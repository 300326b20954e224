import { API_PREFIX, type TErrorCode, type TRoutePath } from '@cpq/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TTestApp } from '../../testing/test-app';

/** A clock tests move by hand; starts at the real time so signed tokens are valid for jose too. */
export function manualClock(start: Date = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

let ipCounter = 0;
/** A fresh client address, so tests in one file do not share per-IP rate limits. */
export const freshIp = (): string => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Calls a route from the given client address (the app trusts X-Forwarded-For, as behind a proxy). */
export function callFrom(
  t: TTestApp,
  ip: string,
  path: TRoutePath,
  body: unknown,
  token?: string,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/${path}`,
    headers: { 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body as object,
  });
}

/** The result of a successful call (asserting status 200 and the success envelope). */
export function resultOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  const body = response.json();
  expect(response.statusCode, response.body).toBe(200);
  expect(body.success).toBe(true);
  return body.result as T;
}

/** Asserts the failure envelope with this code and message (and status, when given); answers the body. */
export function expectFailure(
  response: LightMyRequestResponse,
  code: TErrorCode,
  message?: string,
  status?: number,
): { error: string; code: string; details?: { path: string; message: string }[] } {
  const body = response.json();
  expect(body.success, response.body).toBe(false);
  expect(body.code, response.body).toBe(code);
  if (message !== undefined) expect(body.error).toBe(message);
  if (status !== undefined) expect(response.statusCode).toBe(status);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return body;
}

/** Asserts a 400 validation failure whose details name `path` with `message`. */
export function expectFieldError(response: LightMyRequestResponse, path: string, message: string): void {
  const body = expectFailure(response, 'VALIDATION_FAILED', undefined, 400);
  expect(body.details).toContainEqual({ path, message });
}
