import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  emptyCounts,
  startErpStandIn,
  type TErpStandIn,
  type TErpStandInOptions,
  type TIncoming,
  type TReply,
  type TStandInCounts,
} from './erp-stand-in.test-support';
import {
  type TVisualOrder,
  type TVisualRma,
  VISUAL_SITE_HEADER,
  ZVisualOrderInput,
  ZVisualRmaInput,
  ZVisualRmaLineInput,
} from './visual-api-client';

export const VISUAL_STAND_IN_CREDENTIALS = {
  config: 'VMFG-MAIN',
  username: 'cpq-integration',
  password: 'V1sual/Stand-in+Pa$$',
} as const;

/** The API's path prefix, part of the stand-in's `url` (the connection's baseUrl). */
export const VISUAL_API_PATH = '/api';

export type TVisualStandInState = { counts: TStandInCounts; orders: TVisualOrder[]; rmas: TVisualRma[] };

export type TVisualStandIn = TErpStandIn<TVisualStandInState>;

export type TVisualStandInOptions = TErpStandInOptions & {
  /** The tokens' `expires_in` (default 3600); the stand-in refuses a token once it has expired. */
  tokenLifetimeSeconds?: number;
};

const apiError = (status: number, code: string, message: string): TReply => ({
  status,
  json: { error: { code, message } },
});

function parsed<TSchema extends z.ZodType>(schema: TSchema, body: string): z.infer<TSchema> | null {
  try {
    const result = schema.safeParse(JSON.parse(body));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/**
 * A local stand-in for the VISUAL REST shape described in visual-erp.ts (our assumption, not Infor's published
 * API): OAuth password-grant tokens that expire, the bearer token and the site header enforced, customer orders and
 * RMAs in memory with 409 on a repeated key, and the shared controls.
 */
export async function startVisualStandIn(options: TVisualStandInOptions = {}): Promise<TVisualStandIn> {
  const credentials = options.credentials ?? VISUAL_STAND_IN_CREDENTIALS;
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const tokens = new Map<string, number>();
  const state: TVisualStandInState = { counts: emptyCounts(), orders: [], rmas: [] };
  let nextOrder = 1;

  function signIn(body: string): TReply {
    const form = new URLSearchParams(body);
    if (form.get('grant_type') !== 'password') {
      return { status: 400, json: { error: 'unsupported_grant_type', error_description: 'Use grant_type=password.' } };
    }
    if (form.get('username') !== credentials.username || form.get('password') !== credentials.password) {
      return {
        status: 400,
        json: { error: 'invalid_grant', error_description: 'The user name or password is wrong.' },
      };
    }
    const token = randomUUID();
    tokens.set(token, Date.now() + lifetime * 1000);
    state.counts.tokensIssued += 1;
    return { status: 200, json: { access_token: token, token_type: 'Bearer', expires_in: lifetime } };
  }

  function listOrders(query: URLSearchParams): TReply {
    const externalRef = query.get('externalRef');
    const ids = query.getAll('id');
    if (externalRef === null && ids.length === 0) return apiError(400, 'invalid', 'Give externalRef or id.');
    const items = state.orders.filter((order) =>
      externalRef !== null ? order.externalRef === externalRef : ids.includes(order.id),
    );
    return { status: 200, json: { items } };
  }

  function createOrder(body: string): TReply {
    const input = parsed(ZVisualOrderInput, body);
    if (!input) return apiError(400, 'invalid', 'The body is not a customer order.');
    if (!input.customerId?.trim()) return apiError(422, 'customer_required', 'A customer order needs a customer.');
    if (state.orders.some((order) => order.externalRef === input.externalRef)) {
      return apiError(409, 'exists', `A customer order with externalRef ${input.externalRef} exists.`);
    }
    const order: TVisualOrder = { ...input, id: `SO${String(nextOrder++).padStart(6, '0')}`, status: 'R' };
    state.orders.push(order);
    state.counts.ordersCreated += 1;
    state.counts.orderLinesCreated += order.lines.length;
    return { status: 201, json: order };
  }

  function createRma(body: string): TReply {
    const input = parsed(ZVisualRmaInput, body);
    if (!input) return apiError(400, 'invalid', 'The body is not an RMA.');
    if (!input.customerId?.trim()) return apiError(422, 'customer_required', 'An RMA needs a customer.');
    if (state.rmas.some((rma) => rma.id === input.id)) return apiError(409, 'exists', `RMA ${input.id} exists.`);
    const rma: TVisualRma = { ...input, status: 'O', lines: [] };
    state.rmas.push(rma);
    state.counts.rmasCreated += 1;
    return { status: 201, json: rma };
  }

  function createRmaLine(rma: TVisualRma, body: string): TReply {
    const input = parsed(ZVisualRmaLineInput, body);
    if (!input) return apiError(400, 'invalid', 'The body is not an RMA line.');
    if (rma.lines.some((line) => line.externalRef === input.externalRef)) {
      return apiError(409, 'exists', `RMA ${rma.id} has a line ${input.externalRef}.`);
    }
    const line = { ...input, lineNo: rma.lines.reduce((highest, item) => Math.max(highest, item.lineNo), 0) + 1 };
    rma.lines.push(line);
    state.counts.rmaLinesCreated += 1;
    return { status: 201, json: line };
  }

  function handle(incoming: TIncoming): TReply {
    if (!incoming.path.startsWith(`${VISUAL_API_PATH}/`)) return apiError(404, 'not_found', 'Not found.');
    const path = incoming.path.slice(VISUAL_API_PATH.length);
    const { method } = incoming;
    if (path === '/oauth2/token' && method === 'POST') return signIn(incoming.body);
    const bearer = /^Bearer (.+)$/.exec(incoming.headers.authorization ?? '')?.[1] ?? '';
    if ((tokens.get(bearer) ?? 0) <= Date.now()) {
      return apiError(401, 'unauthorized', 'The access token is missing, invalid or expired.');
    }
    if (incoming.headers[VISUAL_SITE_HEADER.toLowerCase()] !== credentials.config) {
      return apiError(400, 'unknown_site', `${VISUAL_SITE_HEADER} does not name a site of this server.`);
    }
    if (path === '/v1/customer-orders') {
      if (method === 'GET') return listOrders(incoming.query);
      if (method === 'POST') return createOrder(incoming.body);
    }
    if (path === '/v1/rmas' && method === 'POST') return createRma(incoming.body);
    const rmaPath = /^\/v1\/rmas\/([^/]+)(\/lines)?$/.exec(path);
    if (rmaPath?.[1]) {
      const rma = state.rmas.find((item) => item.id === decodeURIComponent(rmaPath[1] ?? ''));
      if (!rma) return apiError(404, 'not_found', 'No such RMA.');
      if (!rmaPath[2] && method === 'GET') return { status: 200, json: rma };
      if (rmaPath[2] && method === 'POST') return createRmaLine(rma, incoming.body);
    }
    return apiError(404, 'not_found', `No route ${method} ${path}.`);
  }

  return startErpStandIn({
    host: options.host,
    port: options.port,
    apiPath: VISUAL_API_PATH,
    credentials,
    state,
    isSignIn: (incoming) => incoming.path.endsWith('/oauth2/token'),
    handle,
    unauthorized: apiError(401, 'unauthorized', 'The access token is missing, invalid or expired.'),
    expireTokens: () => tokens.clear(),
    setOrderStatus(erpOrderNo, status) {
      const order = state.orders.find((item) => item.id === erpOrderNo);
      if (!order) throw new Error(`No customer order ${erpOrderNo}`);
      order.status = status;
    },
  });
}
