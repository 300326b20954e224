import type { z } from 'zod';
import { ErpRejectedError, ErpUnavailableError } from './erp-adapter';

/** One request's limit when the connection names none (the interface's default). */
export const DEFAULT_ERP_TIMEOUT_MS = 15_000;

/** What the ERP answered: the status and the body, parsed as JSON when it is JSON (`undefined` when it is not). */
export type TErpAnswer = { status: number; json: unknown };

export type TErpRequest = {
  /** 'CSI' or 'VISUAL': the start of every message. */
  system: string;
  /** Method and path without credentials or query (e.g. `GET /ido/load/SLCos`): the only way a message names a call. */
  label: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** Values that must never reach a message (the password, the token), however they were echoed back. */
  secrets: string[];
};

/** Replaces every secret (and its URL-encoded form) in a text an error will carry. */
export function redact(text: string, secrets: string[]): string {
  let safe = text;
  for (const secret of secrets) {
    if (secret.length < 3) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) safe = safe.split(form).join('***');
  }
  return safe;
}

/** The remote refused the data: a message that names the call and the ERP's own words, never a secret. */
export function rejected(request: TErpRequest, detail: string): ErpRejectedError {
  return new ErpRejectedError(redact(`${request.system} ${request.label}: ${detail}`, request.secrets));
}

/** The remote cannot be used right now: a message that names the call and what went wrong, never a secret. */
export function unavailable(request: TErpRequest, detail: string): ErpUnavailableError {
  return new ErpUnavailableError(redact(`${request.system} ${request.label}: ${detail}`, request.secrets));
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * Sends one request with the timeout as an AbortSignal (it covers reading the body too). Unreachable, timed out,
 * 5xx and 429 throw ErpUnavailableError here; every other status comes back for the caller to read (a 401 may mean
 * a stale token). The cause of a network error is not kept: its text can hold the URL, and a token URL holds the
 * password.
 */
export async function sendErpRequest(fetchFn: typeof fetch, request: TErpRequest): Promise<TErpAnswer> {
  let text: string;
  let status: number;
  try {
    const response = await fetchFn(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    if (isTimeout(error)) throw unavailable(request, `no answer within ${request.timeoutMs} ms`);
    throw unavailable(request, 'could not be reached');
  }
  if (status >= 500 || status === 429) throw unavailable(request, `answered HTTP ${status}`);
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, json };
}

/** The answer's body read with its schema; a body that is not JSON or not that shape is ErpUnavailableError. */
export function readAnswer<TSchema extends z.ZodType>(
  request: TErpRequest,
  answer: TErpAnswer,
  schema: TSchema,
): z.infer<TSchema> {
  if (answer.json === undefined)
    throw unavailable(request, `answered HTTP ${answer.status} with a body that is not JSON`);
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) throw unavailable(request, `answered HTTP ${answer.status} in an unexpected shape`);
  return parsed.data;
}

/** The base address without a trailing slash, so paths can be appended as `${base}/...`. */
export function baseOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}
