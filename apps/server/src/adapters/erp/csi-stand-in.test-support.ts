import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { CSI_LINE_REF_PROPERTY, CSI_ORDER_REF_PROPERTY } from './csi-erp';
import type { TIdoRow } from './csi-ido-client';
import {
  emptyCounts,
  startErpStandIn,
  type TErpStandIn,
  type TErpStandInOptions,
  type TIncoming,
  type TReply,
  type TStandInCounts,
} from './erp-stand-in.test-support';

/** The stand-in's only user; the password has characters the token path must encode. */
export const CSI_STAND_IN_CREDENTIALS = {
  config: 'CSI_DALS',
  username: 'cpq-integration',
  password: 'St4nd-in/Pa$$+w0rd',
} as const;

/** The path prefix of the request service, part of the stand-in's `url` (the connection's baseUrl). */
export const CSI_SERVICE_PATH = '/IDORequestService';

type TIdoName = 'SLCos' | 'SLCoitems' | 'SLRmas' | 'SLRmaitems';

/** The properties each IDO knows (a site that added our two user-defined fields). */
const IDO_PROPERTIES: Record<TIdoName, string[]> = {
  SLCos: ['CoNum', 'CustNum', 'CustPo', 'Stat', 'OrderDate', CSI_ORDER_REF_PROPERTY],
  SLCoitems: ['CoNum', 'CoLine', 'Item', 'Description', 'QtyOrderedConv', 'PriceConv'],
  SLRmas: ['RmaNum', 'CustNum', 'CustSeq', 'Whse', 'CurrCode', 'TaxCode1', 'Stat'],
  SLRmaitems: [
    'RmaNum',
    'RmaLine',
    'Item',
    'Description',
    'QtyToReturn',
    'UM',
    'UnitCredit',
    'ReasonText',
    CSI_LINE_REF_PROPERTY,
  ],
};

export type TCsiStandInState = {
  counts: TStandInCounts;
  /** The IDOs' rows, as the service would load them (`_ItemId` aside). */
  rows: Record<TIdoName, TIdoRow[]>;
};

export type TCsiStandIn = TErpStandIn<TCsiStandInState>;

export type TCsiStandInOptions = TErpStandInOptions;

const ZUpdateRequest = z.object({
  Changes: z.array(
    z.object({
      Action: z.number(),
      ItemId: z.string().nullish(),
      Properties: z.array(
        z.object({ Name: z.string(), Value: z.string().nullable(), Modified: z.boolean(), IsNull: z.boolean() }),
      ),
    }),
  ),
});

const idoError = (status: number, message: string): TReply => ({
  status,
  json: { Items: null, Message: message, MessageCode: 0, Success: false },
});

const LITERAL = "N'((?:[^']|'')*)'";
const LITERAL_IN_LIST = "N'(?:[^']|'')*'";
// 1: property, 2: the value of `=`, 3: the list of `IN (...)`, 4: a following AND.
const CLAUSE = new RegExp(
  `^\\s*(\\w+)\\s*(?:=\\s*${LITERAL}|IN\\s*\\(((?:\\s*${LITERAL_IN_LIST}\\s*,?)+)\\))\\s*(AND\\b)?`,
  'i',
);

/** The filters the adapter sends: `Prop = N'x'` and `Prop IN (N'a', N'b')`, joined by AND. Null: not understood. */
export function parseIdoFilter(filter: string): Array<{ property: string; values: string[] }> | null {
  const clauses: Array<{ property: string; values: string[] }> = [];
  let rest = filter.trim();
  while (rest !== '') {
    const match = CLAUSE.exec(rest);
    if (!match?.[1]) return null;
    const values =
      match[2] !== undefined
        ? [match[2]]
        : [...(match[3] ?? '').matchAll(new RegExp(LITERAL, 'g'))].map((literal) => literal[1] ?? '');
    clauses.push({ property: match[1], values: values.map((value) => value.replaceAll("''", "'")) });
    rest = rest.slice(match[0].length).trim();
    if (rest !== '' && !match[4]) return null;
  }
  return clauses;
}

function isIdo(name: string): name is TIdoName {
  return name in IDO_PROPERTIES;
}

/**
 * A local stand-in for the Mongoose IDO request service (REST v2) of a CSI site, for contract, job and browser
 * tests: the token, load and update paths and JSON shapes the CSI adapter uses, with the four IDOs kept in memory,
 * the token and the configuration header enforced, the rules a site would apply to an insert (a customer on an
 * order, unique keys, a header before its lines) answered as `Success: false`, and the shared controls.
 */
export async function startCsiStandIn(options: TCsiStandInOptions = {}): Promise<TCsiStandIn> {
  const credentials = options.credentials ?? CSI_STAND_IN_CREDENTIALS;
  const tokens = new Set<string>();
  const state: TCsiStandInState = {
    counts: emptyCounts(),
    rows: { SLCos: [], SLCoitems: [], SLRmas: [], SLRmaitems: [] },
  };
  let nextCo = 1;

  function signIn(segments: string[]): TReply {
    const [config, username, password] = segments.map(decodeURIComponent);
    if (config !== credentials.config || username !== credentials.username || password !== credentials.password) {
      return { status: 401, json: { Message: 'Invalid user name or password.', Success: false, Token: null } };
    }
    const token = `b/${randomUUID()}+${randomUUID()}==`;
    tokens.add(token);
    state.counts.tokensIssued += 1;
    return { status: 200, json: { Message: null, Success: true, Token: token } };
  }

  function load(ido: TIdoName, query: URLSearchParams): TReply {
    const asked = query.get('properties') ?? '';
    const properties = asked === '' || asked === '*' ? IDO_PROPERTIES[ido] : asked.split(',').map((p) => p.trim());
    const unknown = properties.find((property) => !IDO_PROPERTIES[ido].includes(property));
    if (unknown) return idoError(200, `Property '${unknown}' is not a property of ${ido}.`);
    const clauses = parseIdoFilter(query.get('filter') ?? '');
    if (!clauses) return idoError(400, `The filter is not valid: ${query.get('filter')}`);
    const cap = Number(query.get('recordcap') ?? '-1');
    const limit = cap === 0 ? Number.POSITIVE_INFINITY : cap < 0 ? 200 : cap;
    const rows = state.rows[ido].filter((row) =>
      clauses.every((clause) => clause.values.includes(row[clause.property] ?? '\u0000')),
    );
    const Items = rows
      .slice(0, limit)
      .map((row) => [
        ...properties.map((Name) => ({ Name, Value: row[Name] ?? null })),
        { Name: '_ItemId', Value: `PBT=[${ido}] ${ido}.ID=[${row._id}]` },
      ]);
    return {
      status: 200,
      json: { Items, Message: null, MessageCode: 0, Success: true, Bookmark: '<B></B>', MoreRowsExist: false },
    };
  }

  /** A site's checks and defaults for one new row; a message means the insert is refused. */
  function insertRow(ido: TIdoName, row: TIdoRow): string | null {
    const filled = (name: string) => (row[name] ?? '').trim() !== '';
    const rows = state.rows[ido];
    if (ido === 'SLCos') {
      if (!filled('CustNum')) return 'Customer is required.';
      row.CoNum ??= `CO${String(nextCo++).padStart(8, '0')}`;
      row.Stat ??= 'O';
      state.counts.ordersCreated += 1;
    } else if (ido === 'SLCoitems') {
      if (!state.rows.SLCos.some((co) => co.CoNum === row.CoNum)) return `Customer Order ${row.CoNum} does not exist.`;
      if (rows.some((line) => line.CoNum === row.CoNum && line.CoLine === row.CoLine)) {
        return `Customer Order Line ${row.CoNum}-${row.CoLine} already exists.`;
      }
      state.counts.orderLinesCreated += 1;
    } else if (ido === 'SLRmas') {
      if (!filled('RmaNum') || !filled('CustNum')) return 'RMA and Customer are required.';
      if (rows.some((rma) => rma.RmaNum === row.RmaNum)) return `RMA ${row.RmaNum} already exists.`;
      row.Stat ??= 'O';
      state.counts.rmasCreated += 1;
    } else {
      if (!state.rows.SLRmas.some((rma) => rma.RmaNum === row.RmaNum)) return `RMA ${row.RmaNum} does not exist.`;
      if (rows.some((line) => line.RmaNum === row.RmaNum && line.RmaLine === row.RmaLine)) {
        return `RMA Line ${row.RmaNum}-${row.RmaLine} already exists.`;
      }
      state.counts.rmaLinesCreated += 1;
    }
    rows.push({ ...row, _id: randomUUID() });
    return null;
  }

  function update(ido: TIdoName, body: string): TReply {
    let parsed: z.infer<typeof ZUpdateRequest>;
    try {
      parsed = ZUpdateRequest.parse(JSON.parse(body));
    } catch {
      return idoError(400, 'The request body is not an update request.');
    }
    for (const change of parsed.Changes) {
      if (change.Action !== 1) return idoError(200, `Action ${change.Action} is not supported by the stand-in.`);
      const unknown = change.Properties.find((property) => !IDO_PROPERTIES[ido].includes(property.Name));
      if (unknown) return idoError(200, `Property '${unknown.Name}' is not a property of ${ido}.`);
      const row: TIdoRow = Object.fromEntries(
        change.Properties.map((property) => [property.Name, property.IsNull ? null : property.Value]),
      );
      const refused = insertRow(ido, row);
      if (refused) return idoError(200, refused);
    }
    return { status: 200, json: { Message: null, MessageCode: 0, Success: true, RefreshItems: [] } };
  }

  function handle(incoming: TIncoming): TReply {
    const segments = incoming.path.split('/').filter(Boolean);
    if (`/${segments[0]}` !== CSI_SERVICE_PATH || segments[1] !== 'ido') return idoError(404, 'Not found.');
    const [action, ...rest] = segments.slice(2);
    if (action === 'token' && incoming.method === 'GET' && rest.length === 3) return signIn(rest);
    const authorization = incoming.headers.authorization;
    if (!authorization || !tokens.has(authorization)) return idoError(401, 'Invalid or expired security token.');
    if (incoming.headers['x-infor-mongooseconfig'] !== credentials.config) {
      return idoError(400, 'The X-Infor-MongooseConfig header does not name a configuration of this server.');
    }
    const ido = rest[0] ?? '';
    if (rest.length !== 1 || !isIdo(ido)) return idoError(404, `IDO ${ido} is not available.`);
    if (action === 'load' && incoming.method === 'GET') return load(ido, incoming.query);
    if (action === 'update' && incoming.method === 'POST') return update(ido, incoming.body);
    return idoError(405, 'Method not allowed.');
  }

  return startErpStandIn({
    host: options.host,
    port: options.port,
    apiPath: CSI_SERVICE_PATH,
    credentials,
    state,
    isSignIn: (incoming) => incoming.path.includes('/ido/token/'),
    handle,
    unauthorized: idoError(401, 'Invalid or expired security token.'),
    expireTokens: () => tokens.clear(),
    setOrderStatus(erpOrderNo, status) {
      const order = state.rows.SLCos.find((row) => row.CoNum === erpOrderNo);
      if (!order) throw new Error(`No customer order ${erpOrderNo}`);
      order.Stat = status;
    },
  });
}
