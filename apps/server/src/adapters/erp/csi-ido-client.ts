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
  unavailable,
} from './erp-http';

/** One IDO row: property name to value, as the service sends them (text, or null). */
export type TIdoRow = Record<string, string | null>;

/** A value to write: text or a number (sent as text, as the service expects), or null. */
export type TIdoValue = string | number | null;

/**
 * The Mongoose IDO request service, REST v2 (docs.infor.com, Mongoose "IDO Request Service REST API"): a security
 * token from `GET /ido/token/{config}/{username}/{password}`, cached and fetched again once when a call answers 401;
 * reads through LoadCollection (`GET /ido/load/{ido}`) and inserts through UpdateCollection
 * (`POST /ido/update/{ido}?refresh=true`), with the token as it is in `Authorization` (no "Bearer") and the
 * configuration in `X-Infor-MongooseConfig`.
 */
export type TIdoClient = {
  load(ido: string, properties: string[], filter: string, recordCap: number): Promise<TIdoRow[]>;
  insert(ido: string, values: Record<string, TIdoValue>): Promise<void>;
};

const ZIdoValue = z
  .union([z.string(), z.number(), z.boolean(), z.null()])
  .transform((value) => (value === null ? null : String(value)));

export const ZIdoTokenAnswer = z.object({
  Token: z.string().nullish(),
  Message: z.string().nullish(),
  Success: z.boolean().optional(),
});

/**
 * LoadCollection's answer. Rows are lists of `{ Name, Value }` (the JSON shape Infor's LoadCollection examples
 * show, with `_ItemId` among them); rows sent as plain objects are read the same way.
 */
export const ZIdoLoadAnswer = z.object({
  Items: z
    .array(z.union([z.array(z.object({ Name: z.string(), Value: ZIdoValue })), z.record(z.string(), ZIdoValue)]))
    .nullish(),
  Message: z.string().nullish(),
  MessageCode: z.number().nullish(),
  Success: z.boolean().optional(),
  Bookmark: z.string().nullish(),
});

/** UpdateCollection's answer: Success says whether the change was saved, Message why not. */
export const ZIdoUpdateAnswer = z.object({
  Success: z.boolean(),
  Message: z.string().nullish(),
  MessageCode: z.number().nullish(),
});

const ZIdoErrorBody = z.object({ Message: z.string().nullish() });

/** A string literal for an IDO filter (`N'...'`, quotes doubled). */
export function idoText(value: string): string {
  return `N'${value.replaceAll("'", "''")}'`;
}

/** A date as Mongoose's normalized date text (`yyyyMMdd HH:mm:ss.fff`), the calendar day in UTC. */
export function idoDate(date: Date): string {
  const day = date.toISOString().slice(0, 10).replaceAll('-', '');
  return `${day} 00:00:00.000`;
}

function rowOf(item: Array<{ Name: string; Value: string | null }> | Record<string, string | null>): TIdoRow {
  if (!Array.isArray(item)) return item;
  return Object.fromEntries(item.map((pair) => [pair.Name, pair.Value]));
}

function messageOf(answer: TErpAnswer): string {
  const parsed = ZIdoErrorBody.safeParse(answer.json);
  const message = parsed.success ? parsed.data.Message : null;
  return message ? `HTTP ${answer.status}: ${message}` : `HTTP ${answer.status}`;
}

/** The IDO client of one connection; the token lives as long as the client. */
export function createIdoClient(connection: TErpConnection, fetchFn: typeof fetch): TIdoClient {
  const base = `${baseOf(connection.baseUrl)}/ido`;
  const timeoutMs = connection.timeoutMs ?? DEFAULT_ERP_TIMEOUT_MS;
  const secrets = [connection.password];
  let token: Promise<string> | null = null;

  const requestOf = (label: string, url: string, extra: Partial<TErpRequest> = {}): TErpRequest => ({
    system: 'CSI',
    label,
    url,
    method: 'GET',
    headers: { Accept: 'application/json' },
    timeoutMs,
    secrets,
    ...extra,
  });

  async function fetchToken(): Promise<string> {
    const path = [connection.config, connection.username, connection.password].map(encodeURIComponent).join('/');
    // The label leaves out the user and the password: the path is only ever named as /ido/token.
    const request = requestOf('GET /ido/token', `${base}/token/${path}`);
    const answer = await sendErpRequest(fetchFn, request);
    if (answer.status >= 400) throw rejected(request, `sign-in refused (${messageOf(answer)})`);
    const body = readAnswer(request, answer, ZIdoTokenAnswer);
    if (body.Success === false) throw rejected(request, `sign-in refused: ${body.Message ?? 'no message'}`);
    if (!body.Token) throw unavailable(request, 'answered without a token');
    return body.Token;
  }

  function currentToken(): Promise<string> {
    if (!token) {
      const pending = fetchToken();
      token = pending;
      pending.catch(() => {
        if (token === pending) token = null;
      });
    }
    return token;
  }

  /** Sends with the cached token; a 401 drops it and tries once more with a new one. */
  async function sendAuthorized(request: TErpRequest): Promise<TErpAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      const used = currentToken();
      const value = await used;
      const headers = { ...request.headers, Authorization: value, 'X-Infor-MongooseConfig': connection.config };
      const answer = await sendErpRequest(fetchFn, { ...request, headers, secrets: [...secrets, value] });
      if (answer.status !== 401) return answer;
      if (token === used) token = null;
      if (attempt === 2) throw rejected(request, 'the service refused a fresh token (HTTP 401)');
    }
  }

  return {
    async load(ido, properties, filter, recordCap) {
      const query = new URLSearchParams({ properties: properties.join(','), filter, recordcap: String(recordCap) });
      const request = requestOf(`GET /ido/load/${ido}`, `${base}/load/${encodeURIComponent(ido)}?${query}`);
      const answer = await sendAuthorized(request);
      if (answer.status >= 400) throw rejected(request, messageOf(answer));
      const body = readAnswer(request, answer, ZIdoLoadAnswer);
      if (body.Success === false) throw rejected(request, body.Message ?? 'Success false without a message');
      if (!body.Items) throw unavailable(request, 'answered without Items');
      return body.Items.map(rowOf);
    },
    async insert(ido, values) {
      const Properties = Object.entries(values).map(([Name, value]) => ({
        Name,
        Value: value === null ? null : String(value),
        Modified: true,
        IsNull: value === null,
      }));
      const body = JSON.stringify({
        IDOName: ido,
        RefreshAfterSave: true,
        Changes: [{ Action: 1, ItemId: '', Properties, UpdateLocking: 1 }],
      });
      const request = requestOf(`POST /ido/update/${ido}`, `${base}/update/${encodeURIComponent(ido)}?refresh=true`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
        body,
      });
      const answer = await sendAuthorized(request);
      if (answer.status >= 400) throw rejected(request, messageOf(answer));
      const saved = readAnswer(request, answer, ZIdoUpdateAnswer);
      if (!saved.Success) throw rejected(request, saved.Message ?? 'Success false without a message');
    },
  };
}
