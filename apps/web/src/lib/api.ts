import type { TErrorDetail, TRequestOf, TResultOf, TRoutePath } from '@cpq/contracts';
import { MSG } from '@cpq/contracts';
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

/**
 * Calls one route of the API table: `POST /api/v1/<path>` with a JSON body and the stored bearer token.
 * Resolves with the route's result; anything but HTTP 200 with `success: true` rejects with an ApiError.
 */
export async function call<P extends TRoutePath>(
  path: P,
  body: TRequestOf<P>,
  signal?: AbortSignal,
): Promise<TResultOf<P>> {
  const token = readToken()?.token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${path}`, {
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
    throw new ApiError(MSG.networkError, 'NETWORK', 0);
  }
  const envelope = await readEnvelope(response);
  if (response.status === 200 && envelope?.success === true) return envelope.result as TResultOf<P>;
  throw new ApiError(
    envelope?.error || MSG.internal,
    envelope?.code || (response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'),
    response.status,
    envelope?.details ?? [],
  );
}

/** The readable text of any thrown value, for toasts. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return MSG.internal;
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
