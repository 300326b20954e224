import type { TErrorDetail, TRequestOf, TResultOf, TRoutePath } from '@cpq/contracts';
import { SHELL_MSG } from '@cpq/contracts';
import { readToken } from './token-storage';

/** A failed API call: the server's readable message, its machine code, field details and the HTTP status. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: TErrorDetail[];

  constructor(message: string, code: string, status: number, details: TErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/**
 * The API's path prefix. Equal to contracts' API_PREFIX (api.test.ts checks): that constant lives in routes.ts beside
 * the whole route table, and importing it from there would put every zod schema on the sign-in screen's critical path.
 */
export const API_BASE = '/api/v1';

type TEnvelope = { success?: boolean; result?: unknown; error?: string; code?: string; details?: TErrorDetail[] };

async function readEnvelope(response: Response): Promise<TEnvelope | null> {
  try {
    return (await response.json()) as TEnvelope;
  } catch {
    return null;
  }
}

/** The longest Retry-After the client waits out by itself before showing the server's "busy" message. */
const MAX_BUSY_WAIT_SECONDS = 10;

/** Seconds the server asked to wait before sending a shed call again; null when it gave none (or too long). */
function busyWaitSeconds(response: Response, envelope: TEnvelope | null): number | null {
  if (response.status !== 503 || envelope?.code !== 'SERVER_BUSY') return null;
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= MAX_BUSY_WAIT_SECONDS ? seconds : null;
}

/** Resolves after `seconds`, or rejects with the AbortError as soon as `signal` aborts. */
function wait(seconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', handleAbort);
      resolve();
    }, seconds * 1000);
    const handleAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', handleAbort, { once: true });
  });
}

async function post(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const token = readToken()?.token;
  try {
    return await fetch(`${API_BASE}/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(SHELL_MSG.networkError, 'NETWORK', 0);
  }
}

/**
 * Calls one route of the API table: `POST /api/v1/<path>` with a JSON body and the stored bearer token.
 * Resolves with the route's result; anything but HTTP 200 with `success: true` rejects with an ApiError.
 * A call the server shed under overload (503 SERVER_BUSY) is sent once more after its Retry-After: the server
 * sheds a call before doing any of its work, so sending it again is safe for every route, reads and writes alike.
 */
export async function call<P extends TRoutePath>(
  path: P,
  body: TRequestOf<P>,
  signal?: AbortSignal,
): Promise<TResultOf<P>> {
  let response = await post(path, body, signal);
  let envelope = await readEnvelope(response);
  const waitSeconds = busyWaitSeconds(response, envelope);
  if (waitSeconds !== null) {
    await wait(waitSeconds, signal);
    response = await post(path, body, signal);
    envelope = await readEnvelope(response);
  }
  if (response.status === 200 && envelope?.success === true) return envelope.result as TResultOf<P>;
  throw new ApiError(
    envelope?.error || SHELL_MSG.internal,
    envelope?.code || (response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
    response.status,
    envelope?.details ?? [],
  );
}

/** The readable text of any thrown value, for toasts. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return SHELL_MSG.internal;
}

/** True when the error is an ApiError with the given machine code. */
export function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/**
 * What a record form saves: a new record, or an edit of one at the version it was read at. An edit without its
 * version would overwrite whatever changed since (the server lets that through for the spec's payloads), so the
 * type does not allow one.
 */
export type TSave<TInput, TId = number> = { id: null; input: TInput } | { id: TId; version: number; input: TInput };

/** The save of a form's values: an edit of `record` at the version it was read at, or a new record when none. */
export function saveOf<TInput, TId = number>(
  record: { id: TId; version: number } | null | undefined,
  input: TInput,
): TSave<TInput, TId> {
  return record ? { id: record.id, version: record.version, input } : { id: null, input };
}
