import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { TErpConnection } from './erp-adapter';

/**
 * What a stand-in does to the next requests instead of answering them: `status500`, `status503`, `status429`,
 * `status400` answer that status; `timeout` never answers; `malformed` answers 200 with JSON cut short;
 * `wrongShape` answers 200 with JSON of another shape; `unauthorized` expires every token and answers 401 (it waits
 * for a request that carries a token, so a sign-in is never the one it hits).
 */
export const STAND_IN_FAULTS = [
  'status500',
  'status503',
  'status429',
  'status400',
  'timeout',
  'malformed',
  'wrongShape',
  'unauthorized',
] as const;
export type TStandInFault = (typeof STAND_IN_FAULTS)[number];

/** What the ERP made, counted once per record actually created (a replay that finds it does not count). */
export type TStandInCounts = {
  ordersCreated: number;
  orderLinesCreated: number;
  rmasCreated: number;
  rmaLinesCreated: number;
  tokensIssued: number;
  requests: number;
};

/** The controls of a stand-in, in the test's process; the same ones answer over HTTP under `/__control/`. */
export type TStandInControl = {
  /** The next `count` API requests fail this way (queued after any faults already waiting). */
  failNext(count: number, fault: TStandInFault): void;
  /** A real outage while true: every API request has its connection closed unanswered. */
  setDown(isDown: boolean): void;
  /** Every API request waits this long before it is handled (0: none). */
  setDelay(ms: number): void;
  /** Every token issued so far stops working (the next call answers 401). */
  expireTokens(): void;
  /** The ERP changes an order's status on its own (the ERP's own code, e.g. CSI 'C' or VISUAL 'R'). */
  setOrderStatus(erpOrderNo: string, status: string): void;
  /** No faults waiting, not down, no delay (the records stay). */
  reset(): void;
};

/** The user a stand-in accepts: a connection's config, username and password. */
export type TStandInCredentials = { config: string; username: string; password: string };

/** A running ERP stand-in, as a test holds it; `TState` is what it keeps in memory. */
export type TErpStandIn<TState> = {
  /** The API's address: a connection's baseUrl. */
  url: string;
  /** Where `/__control/...` answers. */
  origin: string;
  /** A connection to this stand-in with its credentials (overrides for a wrong password, a short timeout...). */
  connection(overrides?: Partial<TErpConnection>): TErpConnection;
  state: TState;
  control: TStandInControl;
  close(): Promise<void>;
};

/** How to start an ERP stand-in. */
export type TErpStandInOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  credentials?: TStandInCredentials;
};

export function emptyCounts(): TStandInCounts {
  return { ordersCreated: 0, orderLinesCreated: 0, rmasCreated: 0, rmaLinesCreated: 0, tokensIssued: 0, requests: 0 };
}

/** One API request as a stand-in's handler sees it. */
export type TIncoming = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
};

/** A JSON answer, or raw text (for bodies that must not be JSON). */
export type TReply = { status: number; json: unknown } | { status: number; text: string };

export type TStandInServerOptions = {
  host: string;
  port: number;
  /** The stand-in's counts: every API request adds one to `requests`, faulted or not. */
  counts: TStandInCounts;
  /** Requests `unauthorized` must not hit: the sign-in itself. */
  isSignIn(incoming: TIncoming): boolean;
  handle(incoming: TIncoming): TReply;
  /** The 401 body of this API, for the `unauthorized` fault. */
  unauthorized: TReply;
  expireTokens(): void;
  setOrderStatus(erpOrderNo: string, status: string): void;
  /** What `GET /__control/state` answers. */
  snapshot(): unknown;
};

const ZFailNext = z.object({ count: z.number().int().min(1).max(1000).default(1), fault: z.enum(STAND_IN_FAULTS) });
const ZDown = z.object({ down: z.boolean() });
const ZDelay = z.object({ ms: z.number().int().min(0).max(600_000) });
// `stat` is accepted for `status` (CSI's own name for it).
const ZOrderStatus = z
  .object({ erpOrderNo: z.string().min(1), status: z.string().min(1).optional(), stat: z.string().min(1).optional() })
  .transform(({ erpOrderNo, status, stat }) => ({ erpOrderNo, status: status ?? stat ?? '' }))
  .refine(({ status }) => status !== '', 'status is required');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, reply: TReply): void {
  const text = 'json' in reply ? JSON.stringify(reply.json) : reply.text;
  response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(text);
}

function faultReply(fault: Exclude<TStandInFault, 'timeout' | 'unauthorized'>): TReply {
  switch (fault) {
    case 'malformed':
      return { status: 200, text: '{"Items": [[{"Name": "CoNum", "Val' };
    case 'wrongShape':
      return { status: 200, json: { unexpected: 'shape', rows: 'not a list' } };
    default:
      return { status: Number(fault.slice('status'.length)), json: { Message: `Stand-in fault: ${fault}` } };
  }
}

/** The controls as HTTP: JSON POSTs and `GET /__control/state`, answered even while the stand-in is down. */
function handleControl(control: TStandInControl, options: TStandInServerOptions, incoming: TIncoming): TReply {
  const action = incoming.path.slice('/__control/'.length);
  if (incoming.method === 'GET' && action === 'state') return { status: 200, json: options.snapshot() };
  if (incoming.method !== 'POST') return { status: 405, json: { error: 'Control actions are POSTs' } };
  let input: unknown;
  try {
    input = incoming.body === '' ? {} : JSON.parse(incoming.body);
  } catch {
    return { status: 400, json: { error: 'The body is not JSON' } };
  }
  const parsers: Record<string, (value: unknown) => void> = {
    'fail-next': (value) => {
      const { count, fault } = ZFailNext.parse(value);
      control.failNext(count, fault);
    },
    down: (value) => control.setDown(ZDown.parse(value).down),
    delay: (value) => control.setDelay(ZDelay.parse(value).ms),
    'expire-tokens': () => control.expireTokens(),
    reset: () => control.reset(),
    'order-status': (value) => {
      const { erpOrderNo, status } = ZOrderStatus.parse(value);
      control.setOrderStatus(erpOrderNo, status);
    },
  };
  const apply = parsers[action];
  if (!apply) return { status: 404, json: { error: `No control action ${action}` } };
  try {
    apply(input);
  } catch (error) {
    const status = error instanceof z.ZodError ? 400 : 404;
    return { status, json: { error: error instanceof Error ? error.message : String(error) } };
  }
  return { status: 200, json: { ok: true } };
}

/** A started stand-in server: where it answers, its controls, and how to stop it. */
export type TStandInServer = { origin: string; control: TStandInControl; close(): Promise<void> };

/**
 * The HTTP side every ERP stand-in shares: a real `node:http` server, the controls (faults, outage, delay) applied
 * to API requests before the stand-in's own handler, and the same controls over HTTP under `/__control/`.
 */
export async function startStandInServer(options: TStandInServerOptions): Promise<TStandInServer> {
  const faults: TStandInFault[] = [];
  let isDown = false;
  let delayMs = 0;

  const control: TStandInControl = {
    failNext(count, fault) {
      for (let index = 0; index < count; index += 1) faults.push(fault);
    },
    setDown(value) {
      isDown = value;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    expireTokens: options.expireTokens,
    setOrderStatus: options.setOrderStatus,
    reset() {
      faults.length = 0;
      isDown = false;
      delayMs = 0;
    },
  };

  function takeFault(incoming: TIncoming): TStandInFault | undefined {
    const next = faults[0];
    if (next === 'unauthorized' && options.isSignIn(incoming)) return undefined;
    return faults.shift();
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const incoming: TIncoming = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    };
    if (incoming.path.startsWith('/__control/')) return send(response, handleControl(control, options, incoming));
    options.counts.requests += 1;
    if (isDown) return void request.socket.destroy();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const fault = takeFault(incoming);
    if (fault === 'timeout') return;
    if (fault === 'unauthorized') {
      options.expireTokens();
      return send(response, options.unauthorized);
    }
    send(response, fault ? faultReply(fault) : options.handle(incoming));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${options.host}:${port}`,
    control,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Starts an ERP stand-in's server (on `host`, default 127.0.0.1, and `port`, default 0: a free one) and answers
 * the handle a test holds: the API under `apiPath`, connected with `credentials`, `state` as the control's snapshot.
 */
export async function startErpStandIn<TState extends { counts: TStandInCounts }>(
  options: Omit<TStandInServerOptions, 'host' | 'port' | 'counts' | 'snapshot'> & {
    host?: string;
    port?: number;
    apiPath: string;
    credentials: TStandInCredentials;
    state: TState;
  },
): Promise<TErpStandIn<TState>> {
  const { apiPath, credentials, state } = options;
  const server = await startStandInServer({
    ...options,
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    counts: state.counts,
    snapshot: () => state,
  });
  const url = `${server.origin}${apiPath}`;
  return {
    url,
    origin: server.origin,
    connection: (overrides = {}) => ({ baseUrl: url, ...credentials, ...overrides }),
    state,
    control: server.control,
    close: server.close,
  };
}
