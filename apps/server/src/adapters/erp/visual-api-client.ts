import { z } from 'zod';
import type { TErpConnection } from './erp-adapter';
import {
  baseOf,
  DEFAULT_ERP_TIMEOUT_MS,
  readAnswer,
  rejected,
  sendErpRequest,
  type TErpAnswer,
  type TErpRequest,
} from './erp-http';

/** The header that names the VISUAL database / site every call is about (our REST shape, see visual-erp.ts). */
export const VISUAL_SITE_HEADER = 'X-Visual-Site';

export const ZVisualToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((type) => type.toLowerCase() === 'bearer'),
  expires_in: z.number().positive().optional(),
});

const ZVisualOrderLine = z.object({
  lineNo: z.number().int().positive(),
  partId: z.string(),
  description: z.string(),
  orderQty: z.number(),
  unitPrice: z.string(),
});

/** A customer order to create: header and lines in one request, so the ERP never holds half an order. */
export const ZVisualOrderInput = z.object({
  externalRef: z.string().min(1),
  customerId: z.string().nullable(),
  customerPoRef: z.string().nullable(),
  orderDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** ISO 4217, as CUSTOMER_ORDER.CURRENCY_ID holds it. */
  currencyId: z.string().min(1),
  lines: z.array(ZVisualOrderLine),
});
export type TVisualOrderInput = z.infer<typeof ZVisualOrderInput>;

// A site's service may leave the currency out of what it answers: only the id and status are read back.
export const ZVisualOrder = ZVisualOrderInput.extend({
  id: z.string().min(1),
  status: z.string().nullable(),
  currencyId: z.string().nullish(),
});
export type TVisualOrder = z.infer<typeof ZVisualOrder>;
export const ZVisualOrderList = z.object({ items: z.array(ZVisualOrder) });

export const ZVisualRmaLineInput = z.object({
  externalRef: z.string().min(1),
  partId: z.string(),
  description: z.string(),
  returnQty: z.number(),
  unitOfMeasure: z.string(),
  unitPrice: z.string(),
  reason: z.string(),
  dispositionsEnabled: z.boolean(),
});
export type TVisualRmaLineInput = z.infer<typeof ZVisualRmaLineInput>;
export const ZVisualRmaLine = ZVisualRmaLineInput.extend({ lineNo: z.number().int().positive() });

export const ZVisualRmaInput = z.object({
  id: z.string().min(1),
  customerId: z.string().nullable(),
  customerSeq: z.number().int(),
  custOrderId: z.string().nullable(),
  warehouseId: z.string(),
  currencyId: z.string(),
  taxCode: z.string(),
});
export type TVisualRmaInput = z.infer<typeof ZVisualRmaInput>;
export const ZVisualRma = ZVisualRmaInput.extend({ status: z.string().nullable(), lines: z.array(ZVisualRmaLine) });
export type TVisualRma = z.infer<typeof ZVisualRma>;

/** Errors: `{ error: { code, message } }`, or OAuth's `{ error, error_description }` from the token endpoint. */
const ZVisualError = z.object({
  error: z.union([z.object({ message: z.string().nullish() }), z.string()]).optional(),
  error_description: z.string().nullish(),
});

function messageOf(answer: TErpAnswer): string {
  const parsed = ZVisualError.safeParse(answer.json);
  const error = parsed.success ? parsed.data : {};
  const message =
    typeof error.error === 'string' ? (error.error_description ?? error.error) : (error.error?.message ?? null);
  return message ? `HTTP ${answer.status}: ${message}` : `HTTP ${answer.status}`;
}

/** One call's answer: its status, and its body read with a schema (a body of another shape is unavailable). */
export type TVisualAnswer = { status: number; read<TSchema extends z.ZodType>(schema: TSchema): z.infer<TSchema> };

export type TVisualClient = {
  /** Statuses in `allow` come back to the caller (a 404 that means "not there yet"); other 4xx are refusals. */
  call(
    method: 'GET' | 'POST',
    path: string,
    options?: { query?: URLSearchParams; body?: unknown; allow?: number[] },
  ): Promise<TVisualAnswer>;
};

/**
 * The VISUAL REST client of one connection: an OAuth 2.0 password-grant token from `POST /oauth2/token` (form body,
 * so the password never sits in a URL), kept until shortly before `expires_in` and fetched again once when a call
 * answers 401; every call sends it as `Authorization: Bearer` with the site in X-Visual-Site.
 */
export function createVisualClient(connection: TErpConnection, fetchFn: typeof fetch): TVisualClient {
  const base = baseOf(connection.baseUrl);
  const timeoutMs = connection.timeoutMs ?? DEFAULT_ERP_TIMEOUT_MS;
  let token: { value: Promise<string>; expiresAt: number } | null = null;

  const requestOf = (label: string, url: string, extra: Partial<TErpRequest> = {}): TErpRequest => ({
    system: 'VISUAL',
    label,
    url,
    method: 'GET',
    headers: { Accept: 'application/json' },
    timeoutMs,
    secrets: [connection.password],
    ...extra,
  });

  async function fetchToken(): Promise<{ value: string; expiresIn: number | undefined }> {
    const form = new URLSearchParams({
      grant_type: 'password',
      username: connection.username,
      password: connection.password,
    });
    const request = requestOf('POST /oauth2/token', `${base}/oauth2/token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const answer = await sendErpRequest(fetchFn, request);
    if (answer.status >= 400) throw rejected(request, `sign-in refused (${messageOf(answer)})`);
    const body = readAnswer(request, answer, ZVisualToken);
    return { value: body.access_token, expiresIn: body.expires_in };
  }

  function currentToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return token.value;
    const pending = fetchToken();
    const entry = { value: pending.then((fetched) => fetched.value), expiresAt: Number.POSITIVE_INFINITY };
    token = entry;
    pending.then(
      // Renew 30 s early so a token never expires between the check and the call.
      (fetched) => {
        if (fetched.expiresIn !== undefined) entry.expiresAt = Date.now() + Math.max(0, fetched.expiresIn - 30) * 1000;
      },
      () => {
        if (token === entry) token = null;
      },
    );
    return entry.value;
  }

  return {
    async call(method, path, options = {}) {
      const query = options.query?.size ? `?${options.query}` : '';
      const request = requestOf(`${method} ${path}`, `${base}${path}${query}`, {
        method,
        headers:
          options.body === undefined
            ? { Accept: 'application/json' }
            : { Accept: 'application/json', 'Content-Type': 'application/json' },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      for (let attempt = 1; ; attempt += 1) {
        const value = await currentToken();
        const used = token;
        const headers = {
          ...request.headers,
          Authorization: `Bearer ${value}`,
          [VISUAL_SITE_HEADER]: connection.config,
        };
        const answer = await sendErpRequest(fetchFn, { ...request, headers, secrets: [...request.secrets, value] });
        if (answer.status === 401 && attempt === 1) {
          if (token === used) token = null;
          continue;
        }
        if (answer.status === 401) throw rejected(request, 'the service refused a fresh token (HTTP 401)');
        if (answer.status >= 400 && !options.allow?.includes(answer.status)) {
          throw rejected(request, messageOf(answer));
        }
        return { status: answer.status, read: (schema) => readAnswer(request, answer, schema) };
      }
    },
  };
}
