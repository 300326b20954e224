/**
 * One org's REST API through jsforce 3 (the CRM adapter's only way to Salesforce). jsforce 3.10.16 is pinned: the
 * newest 3.x whose `engines` allow Node 20 (3.10.19 and later ask for Node 22).
 *
 * What jsforce is told, and why:
 * - Its HTTP transport is replaced by BoundedTransport: one timeout over the whole exchange (jsforce's own covers the
 *   headers only, and its default is 30 minutes), none of its own retries (it retries GETs five times with backoff
 *   on 5xx; here the durable job retries), and "try later" (no answer, 5xx, 429) thrown as CrmUnavailableError right
 *   there, because the errors jsforce makes afterwards no longer carry the HTTP status.
 * - The Connection has no OAuth2 client: jsforce would then install its own session refresh, which needs a refresh
 *   token (the client credentials flow gives none) and retries a 401 for ever. Here an expired session
 *   (401 INVALID_SESSION_ID) gets one new token and one more try.
 * - The token comes from OAuth2.requestToken with grant_type=client_credentials (client id and secret in the form).
 *   API calls go to the configured My Domain address, which the client credentials flow requires anyway.
 *
 * Messages name the call and quote Salesforce's own words, cut short, with the client secret and every access token
 * replaced by `***`; jsforce's errors are not kept as causes, since their text is not ours to vouch for.
 */
import { Connection, type HttpRequest, type HttpRequestOptions, type HttpResponse, OAuth2 } from 'jsforce/core';
import { Transport } from 'jsforce/lib/transport';
import { StreamPromise } from 'jsforce/lib/util/promise';
import { z } from 'zod';
import { CrmRejectedError, CrmUnavailableError, type TCrmConnection } from './crm-adapter';

/** Salesforce's REST API version when the connection names none. */
export const DEFAULT_SALESFORCE_API_VERSION = '62.0';
/** One request's limit when the connection names none (the interface's default). */
export const DEFAULT_SALESFORCE_TIMEOUT_MS = 15_000;

/** A refusal that keeps Salesforce's error codes, so the adapter can tell a duplicate key from other refusals. */
export class SalesforceRejectedError extends CrmRejectedError {
  constructor(
    message: string,
    readonly errorCodes: string[],
  ) {
    super(message);
  }
}

export type TSalesforceApi = {
  /** Runs a SOQL query (one page: the adapter's queries ask for one record) and answers its records. */
  query<T>(label: string, soql: string, record: z.ZodType<T>): Promise<T[]>;
  /** Creates a record and answers its id; null when a unique field already holds the value (DUPLICATE_VALUE). */
  create(type: string, fields: Record<string, unknown>): Promise<string | null>;
  update(type: string, id: string, fields: Record<string, unknown>): Promise<void>;
  retrieve<T>(type: string, id: string, fields: string[], record: z.ZodType<T>): Promise<T>;
};

const ZApiError = z.object({ errorCode: z.string(), message: z.string() });
const ZToken = z.object({ access_token: z.string().min(1) });
const ZSaveResult = z.object({ id: z.string().min(1) });
const TOKEN_LABEL = 'POST /services/oauth2/token';
const MAX_DETAIL_LENGTH = 300;

type TRedact = (text: string) => string;

const shorten = (text: string) => (text.length > MAX_DETAIL_LENGTH ? `${text.slice(0, MAX_DETAIL_LENGTH)}...` : text);

/** `CODE: message` for each error of Salesforce's error array, or null when the value is not one. */
function describeApiErrors(value: unknown): string | null {
  const errors = z
    .array(ZApiError)
    .min(1)
    .safeParse(Array.isArray(value) ? value : [value]);
  return errors.success ? errors.data.map((error) => `${error.errorCode}: ${error.message}`).join('; ') : null;
}

function describeBody(body: string): string | null {
  try {
    return describeApiErrors(JSON.parse(body));
  } catch {
    return null;
  }
}

/** Method and path, without the version prefix or the query (a query string holds SOQL, not worth a message). */
function labelOf(request: HttpRequest): string {
  const path = new URL(request.url).pathname.replace(/^\/services\/data\/v[\d.]+/, '');
  return `${request.method} ${path}`;
}

function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : error.name;
}

/** jsforce's transport with the adapter's timeout, no retries, and "try later" thrown as CrmUnavailableError. */
class BoundedTransport extends Transport {
  constructor(
    private readonly timeoutMs: number,
    private readonly redact: TRedact,
  ) {
    super();
  }

  override httpRequest(request: HttpRequest, options: HttpRequestOptions = {}): StreamPromise<HttpResponse> {
    const inner = super.httpRequest(request, { ...options, timeout: this.timeoutMs, retry: { maxRetries: 0 } });
    return StreamPromise.create(() => ({ stream: inner.stream(), promise: this.settle(request, inner) }));
  }

  private async settle(request: HttpRequest, inner: Promise<HttpResponse>): Promise<HttpResponse> {
    const label = `Salesforce ${labelOf(request)}`;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DOMException('No answer in time', 'TimeoutError')), this.timeoutMs);
    });
    let response: HttpResponse;
    try {
      response = await Promise.race([inner, deadline]);
    } catch (error) {
      // jsforce's own timer (the same limit, started a moment earlier) usually aborts the request first.
      const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const reason = isTimeout ? `no answer within ${this.timeoutMs} ms` : `unreachable (${networkReason(error)})`;
      throw new CrmUnavailableError(`${label}: ${reason}.`);
    } finally {
      clearTimeout(timer);
    }
    if (response.statusCode >= 500 || response.statusCode === 429) {
      const detail = describeBody(response.body);
      const text = `${label}: HTTP ${response.statusCode}${detail ? ` (${shorten(detail)})` : ''}.`;
      throw new CrmUnavailableError(this.redact(text));
    }
    return response;
  }
}

/** The error codes of an error jsforce made from a Salesforce answer (HttpApiError); null for any other error. */
function errorCodesOf(error: unknown): string[] | null {
  if (!(error instanceof Error)) return null;
  const { errorCode, data } = error as { errorCode?: unknown; data?: unknown };
  if (typeof errorCode !== 'string') return null;
  const errors = z.array(ZApiError).safeParse(data);
  return errors.success ? errors.data.map((item) => item.errorCode) : [errorCode];
}

/** Creates the API of one Salesforce connection; it signs in on the first call. */
export function createSalesforceApi(connection: TCrmConnection): TSalesforceApi {
  const instanceUrl = connection.instanceUrl.replace(/\/+$/, '');
  const tokens = new Set<string>();
  const redact: TRedact = (text) =>
    [connection.clientSecret, ...tokens]
      .filter((secret) => secret.length >= 3)
      .reduce((safe, secret) => safe.split(secret).join('***'), text);
  const transport = new BoundedTransport(connection.timeoutMs ?? DEFAULT_SALESFORCE_TIMEOUT_MS, redact);
  const { clientId, clientSecret } = connection;
  const oauth2 = new OAuth2({ loginUrl: instanceUrl, clientId, clientSecret });
  oauth2._transport = transport;
  const conn = new Connection({ instanceUrl, version: connection.apiVersion ?? DEFAULT_SALESFORCE_API_VERSION });
  conn._transport = transport;
  let session: Promise<string> | null = null;

  async function requestToken(): Promise<string> {
    let answer: unknown;
    try {
      answer = await oauth2.requestToken({ grant_type: 'client_credentials' });
    } catch (error) {
      if (error instanceof CrmUnavailableError) throw error;
      // jsforce names an OAuth error after its `error` and says its `error_description`.
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : 'refused';
      throw new CrmRejectedError(redact(`Salesforce ${TOKEN_LABEL}: ${shorten(detail)}`));
    }
    const token = ZToken.safeParse(answer);
    if (!token.success) throw new CrmUnavailableError(`Salesforce ${TOKEN_LABEL}: the answer is not a token.`);
    tokens.add(token.data.access_token);
    conn.accessToken = token.data.access_token;
    return token.data.access_token;
  }

  /** One sign-in at a time: concurrent calls share it; a failed one is forgotten so the next call tries again. */
  function signIn(): Promise<string> {
    session ??= requestToken().catch((error: unknown) => {
      session = null;
      throw error;
    });
    return session;
  }

  function classify(label: string, error: unknown): unknown {
    if (error instanceof CrmUnavailableError || error instanceof CrmRejectedError) return error;
    const codes = errorCodesOf(error);
    if (!codes) return error;
    const detail = (error as { data?: unknown }).data;
    const text = redact(`${label}: ${shorten(describeApiErrors(detail) ?? (error as Error).message)}`);
    if (codes.includes('REQUEST_LIMIT_EXCEEDED')) return new CrmUnavailableError(text);
    return new SalesforceRejectedError(text, codes);
  }

  function parseAnswer<T>(label: string, answer: unknown, schema: z.ZodType<T>): T {
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new CrmUnavailableError(`${label}: the answer is unreadable.`);
    return parsed.data;
  }

  /** Signs in if needed, calls, reads the answer; an expired session gets one new token and one more try. */
  async function send<T>(what: string, call: () => Promise<unknown>, schema: z.ZodType<T>): Promise<T> {
    const label = `Salesforce ${what}`;
    const token = await signIn();
    try {
      return parseAnswer(label, await call(), schema);
    } catch (error) {
      if (!errorCodesOf(error)?.includes('INVALID_SESSION_ID')) throw classify(label, error);
    }
    if (conn.accessToken === token) session = null;
    await signIn();
    try {
      return parseAnswer(label, await call(), schema);
    } catch (error) {
      throw classify(label, error);
    }
  }

  return {
    async query(label, soql, record) {
      const url = `/query?q=${encodeURIComponent(soql)}`;
      const answer = await send(
        `GET /query (${label})`,
        () => conn.request(url),
        z.object({ records: z.array(record) }),
      );
      return answer.records;
    },
    async create(type, fields) {
      try {
        return (await send(`POST /sobjects/${type}`, () => conn.create(type, fields), ZSaveResult)).id;
      } catch (error) {
        if (error instanceof SalesforceRejectedError && error.errorCodes.includes('DUPLICATE_VALUE')) return null;
        throw error;
      }
    },
    async update(type, id, fields) {
      await send(`PATCH /sobjects/${type}/${id}`, () => conn.update(type, { ...fields, Id: id }), ZSaveResult);
    },
    retrieve(type, id, fields, record) {
      return send(`GET /sobjects/${type}/${id}`, () => conn.retrieve(type, id, { fields }), record);
    },
  };
}
