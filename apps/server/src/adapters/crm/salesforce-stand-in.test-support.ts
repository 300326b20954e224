import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  createStore,
  isSObjectType,
  sfError,
  type TAnswer,
  type TSObjectRecord,
  type TSObjectType,
} from './salesforce-stand-in-store.test-support';

export const STAND_IN_CLIENT_ID = 'stand-in-consumer-key';
export const STAND_IN_CLIENT_SECRET = 'stand-in-consumer-secret-7d41c9';

export const SALESFORCE_FAULTS = [
  'status500',
  'timeout',
  'malformed',
  'expiredSession',
  'rejected',
  'requestLimit',
] as const;
/**
 * `status500`: 500 UNKNOWN_EXCEPTION; `timeout`: never answered; `malformed`: 200 with cut-off JSON;
 * `expiredSession`: every token revoked, 401 INVALID_SESSION_ID (at the token endpoint: 400 invalid_grant);
 * `rejected`: 400 REQUIRED_FIELD_MISSING (at the token endpoint: 400 invalid_client);
 * `requestLimit`: 403 REQUEST_LIMIT_EXCEEDED (the org's daily API calls are spent).
 */
export type TSalesforceFault = (typeof SALESFORCE_FAULTS)[number];
/** Which requests a fault hits: the REST API under /services/data, or POST /services/oauth2/token. */
export type TFaultTarget = 'data' | 'token';

/** Live state: tests read it directly (counts, records, every request but the controls). */
export type TSalesforceStandInState = {
  records: Record<TSObjectType, Map<string, TSObjectRecord>>;
  created: Record<TSObjectType, number>;
  updated: Record<TSObjectType, number>;
  /** Every access token issued, in order (so tests can check none leaks). */
  issuedTokens: string[];
  requests: { method: string; path: string; soql: string | null }[];
};

/** What GET /__control/state answers. */
export type TSalesforceStandInSnapshot = {
  created: Record<TSObjectType, number>;
  updated: Record<TSObjectType, number>;
  tokensIssued: number;
  isDown: boolean;
  delayMs: number;
  pendingFaults: Record<TFaultTarget, TSalesforceFault[]>;
  records: Record<TSObjectType, TSObjectRecord[]>;
};

export type TSalesforceStandInControl = {
  /** The next `times` requests to `target` (default `data`) fail this way. */
  failNext(times: number, fault: TSalesforceFault, target?: TFaultTarget): void;
  /** An outage: every connection is dropped unanswered (the controls still answer). */
  setDown(isDown: boolean): void;
  /** Waits this long before answering each request. */
  setDelay(ms: number): void;
  /** Forgets records, counts, faults, delay and outage; issued tokens stay valid. */
  reset(): void;
  snapshot(): TSalesforceStandInSnapshot;
};

export type TSalesforceStandIn = {
  url: string;
  close(): Promise<void>;
  state: TSalesforceStandInState;
  control: TSalesforceStandInControl;
};

export type TSalesforceStandInOptions = { port?: number; clientId?: string; clientSecret?: string };

const ZFailNext = z.object({
  fault: z.enum(SALESFORCE_FAULTS),
  times: z.number().int().min(1).max(1000).default(1),
  target: z.enum(['data', 'token']).default('data'),
});
const ZDown = z.object({ isDown: z.boolean() });
const ZDelay = z.object({ ms: z.number().int().min(0).max(600_000) });

const MALFORMED_BODY = '{"totalSize":1,"done":true,"records":[{"attributes":{"type":';
const oauthError = (error: string, description: string): TAnswer => ({
  status: 400,
  body: { error, error_description: description },
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, { status, body }: TAnswer): void {
  if (body === undefined) return void response.writeHead(status).end();
  response.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

/**
 * A local stand-in for a Salesforce org's REST API, for the CRM adapter's contract tests and (through its CLI) the
 * browser tests: a real HTTP server on 127.0.0.1 answering the paths jsforce calls with Salesforce's JSON shapes
 * (the client credentials token, SOQL queries, sObject create, retrieve and update for Opportunity and Quote), the
 * bearer token enforced, faults and an outage on demand, and the same controls over HTTP under /__control/.
 */
export async function startSalesforceStandIn(options: TSalesforceStandInOptions = {}): Promise<TSalesforceStandIn> {
  const clientId = options.clientId ?? STAND_IN_CLIENT_ID;
  const clientSecret = options.clientSecret ?? STAND_IN_CLIENT_SECRET;
  const store = createStore();
  const state: TSalesforceStandInState = {
    records: store.records,
    created: store.created,
    updated: store.updated,
    issuedTokens: [],
    requests: [],
  };
  const tokens = new Set<string>();
  const faults: Record<TFaultTarget, TSalesforceFault[]> = { data: [], token: [] };
  let isDown = false;
  let delayMs = 0;

  const control: TSalesforceStandInControl = {
    failNext(times, fault, target = 'data') {
      for (let index = 0; index < times; index += 1) faults[target].push(fault);
    },
    setDown(down) {
      isDown = down;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      store.reset();
      state.requests.length = 0;
      faults.data.length = 0;
      faults.token.length = 0;
      isDown = false;
      delayMs = 0;
    },
    snapshot: () => ({
      created: { ...store.created },
      updated: { ...store.updated },
      tokensIssued: state.issuedTokens.length,
      isDown,
      delayMs,
      pendingFaults: { data: [...faults.data], token: [...faults.token] },
      records: { Opportunity: [...store.records.Opportunity.values()], Quote: [...store.records.Quote.values()] },
    }),
  };

  const controls = new Map<string, (input: unknown) => void>([
    [
      '/__control/fail-next',
      (input) => {
        const { times, fault, target } = ZFailNext.parse(input);
        control.failNext(times, fault, target);
      },
    ],
    ['/__control/down', (input) => control.setDown(ZDown.parse(input).isDown)],
    ['/__control/delay', (input) => control.setDelay(ZDelay.parse(input).ms)],
    ['/__control/reset', () => control.reset()],
  ]);

  function controlAnswer(method: string, path: string, text: string): TAnswer {
    if (method === 'GET' && path === '/__control/state') return { status: 200, body: control.snapshot() };
    const action = method === 'POST' ? controls.get(path) : undefined;
    if (!action) return { status: 404, body: { error: `No control ${method} ${path}` } };
    try {
      action(parseJson(text));
    } catch (error) {
      if (error instanceof z.ZodError) return { status: 400, body: { error: z.prettifyError(error) } };
      throw error;
    }
    return { status: 204 };
  }

  function faultAnswer(fault: Exclude<TSalesforceFault, 'timeout' | 'malformed'>, isToken: boolean): TAnswer {
    if (fault === 'status500') {
      return sfError(500, 'UNKNOWN_EXCEPTION', 'An unexpected error occurred. Please include this ErrorId: 8101-1');
    }
    if (fault === 'requestLimit') return sfError(403, 'REQUEST_LIMIT_EXCEEDED', 'TotalRequests Limit exceeded.');
    if (fault === 'expiredSession') {
      tokens.clear();
      if (isToken) return oauthError('invalid_grant', 'expired access/refresh token');
      return sfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    }
    if (isToken) return oauthError('invalid_client', 'invalid client credentials');
    return sfError(400, 'REQUIRED_FIELD_MISSING', 'Required fields are missing: [StageName]', ['StageName']);
  }

  function tokenAnswer(form: URLSearchParams, host: string): TAnswer {
    if (form.get('grant_type') !== 'client_credentials') {
      return oauthError('unsupported_grant_type', 'grant type not supported');
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return oauthError('invalid_client', 'invalid client credentials');
    }
    const accessToken = `00D000000000001!${randomBytes(24).toString('base64url')}`;
    tokens.add(accessToken);
    state.issuedTokens.push(accessToken);
    const instanceUrl = `http://${host}`;
    const body = {
      access_token: accessToken,
      instance_url: instanceUrl,
      id: `${instanceUrl}/id/00D000000000001AAA/005000000000001AAA`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: randomBytes(32).toString('base64'),
      scope: 'api',
    };
    return { status: 200, body };
  }

  function dataAnswer(request: IncomingMessage, url: URL, text: string): TAnswer {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token)) return sfError(401, 'INVALID_SESSION_ID', 'Session expired or invalid');
    const notFound = sfError(404, 'NOT_FOUND', 'The requested resource does not exist');
    const [, version = '', rest = ''] = /^\/services\/data\/v(\d+\.\d+)(\/.*)$/.exec(url.pathname) ?? [];
    if (request.method === 'GET' && /^\/query\/?$/.test(rest))
      return store.query(version, url.searchParams.get('q') ?? '');
    const [, type = '', id] = /^\/sobjects\/(\w+)(?:\/(\w+))?$/.exec(rest) ?? [];
    if (!isSObjectType(type)) return notFound;
    if (request.method === 'GET' && id) {
      const fields = url.searchParams.get('fields')?.split(',') ?? null;
      return store.retrieve(version, type, id, fields);
    }
    if (request.method !== 'POST' && request.method !== 'PATCH') return notFound;
    const fields = parseJson(text);
    if (!fields || typeof fields !== 'object' || Array.isArray(fields)) {
      return sfError(400, 'JSON_PARSER_ERROR', 'The request body is not a JSON object.');
    }
    const record = fields as Record<string, unknown>;
    if (request.method === 'POST' && !id) return store.create(type, record);
    if (request.method === 'PATCH' && id) return store.update(type, id, record);
    return notFound;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    const text = await readBody(request);
    if (url.pathname.startsWith('/__control/')) return send(response, controlAnswer(method, url.pathname, text));
    if (isDown) return void request.socket.destroy();
    state.requests.push({ method, path: url.pathname, soql: url.searchParams.get('q') });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const isToken = url.pathname === '/services/oauth2/token';
    const fault = faults[isToken ? 'token' : 'data'].shift();
    // A timeout: the request stays open, unanswered, until the client gives up or the stand-in closes.
    if (fault === 'timeout') return;
    if (fault === 'malformed') {
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(MALFORMED_BODY);
    }
    if (fault) return send(response, faultAnswer(fault, isToken));
    if (isToken && method === 'POST')
      return send(response, tokenAnswer(new URLSearchParams(text), request.headers.host ?? ''));
    send(response, dataAnswer(request, url, text));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
