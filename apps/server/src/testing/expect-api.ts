import type { TErrorCode } from '@cpq/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The result of a successful call, asserting status 200 and the success envelope. */
export function resultOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  expect(body.success).toBe(true);
  return body.result as T;
}

export type TFailureBody = {
  success: false;
  error: string;
  code: string;
  details?: { path: string; message: string }[];
};

/**
 * Asserts the failure envelope with this code (and message and status, when given) and a 4xx status; answers the
 * body so a test can look at the details.
 */
export function expectFailure(
  response: LightMyRequestResponse,
  code: TErrorCode,
  message?: string,
  status?: number,
): TFailureBody {
  const body = response.json() as TFailureBody;
  expect(body.success, response.body).toBe(false);
  expect(body.code, response.body).toBe(code);
  if (message !== undefined) expect(body.error, response.body).toBe(message);
  if (status !== undefined) expect(response.statusCode, response.body).toBe(status);
  expect(response.statusCode).toBeGreaterThanOrEqual(400);
  expect(response.statusCode).toBeLessThan(500);
  return body;
}

/** Asserts a 400 whose details name `path` with `message`. */
export function expectFieldError(response: LightMyRequestResponse, path: string, message?: string): TFailureBody {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as TFailureBody;
  expect(body.success).toBe(false);
  const detail = body.details?.find((item) => item.path === path);
  expect(detail, response.body).toBeDefined();
  if (message !== undefined) expect(detail?.message, response.body).toBe(message);
  return body;
}
