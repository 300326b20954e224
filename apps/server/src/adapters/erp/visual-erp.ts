/**
 * Infor VISUAL (VISUAL Enterprise / VISUAL ERP) through a REST API.
 *
 * What is public: Infor documents VISUAL's programmatic interface as the VISUAL API Toolkit, a .NET library of
 * business objects (integrations that need HTTP put a small web service of their own in front of it); no public
 * reference of an Infor VISUAL REST API (paths, bodies, sign-in) could be found. Public SQL against VISUAL's
 * database shows the names our JSON mirrors: CUSTOMER_ORDER (ID, CUSTOMER_ID, CUSTOMER_PO_REF, STATUS, SITE_ID) and
 * CUST_ORDER_LINE (CUST_ORDER_ID, LINE_NO, PART_ID).
 *
 * What is our assumption, the small REST shape this adapter and its stand-in agree on (a site's web service
 * implements it):
 * - Sign-in: OAuth 2.0 password grant, `POST {baseUrl}/oauth2/token` with a form body (grant_type, username,
 *   password) answering `{ access_token, token_type: 'Bearer', expires_in }`; errors as RFC 6749's
 *   `{ error, error_description }`. Calls send `Authorization: Bearer <token>` and `X-Visual-Site: <config>`.
 * - `GET /v1/customer-orders?externalRef=` and `?id=&id=` answer `{ items: [order] }`; `POST /v1/customer-orders`
 *   creates header and lines in one request (201 with the order, 409 when the externalRef exists). An order is
 *   `{ id, externalRef, customerId, customerPoRef, orderDate, currencyId, status, lines: [{ lineNo, partId,
 *   description, orderQty, unitPrice }] }`; externalRef (our orderRef) is kept by the service in a user-defined field
 *   of CUSTOMER_ORDER, customerPoRef stays the customer's PO, currencyId is the quote's currency.
 * - Prices are net: unitPrice is the line's net unit price in whole cents (after its discount and its share of the
 *   quote's), a line split in two where its net does not divide by its quantity (TErpOrder), so the order's lines add
 *   up to the quote's total; the shape has no discount or extended amount field, which would be a site's change.
 * - `GET /v1/rmas/{id}` (404 when absent), `POST /v1/rmas` (409 when it exists), `POST /v1/rmas/{id}/lines` (409 when
 *   the line's externalRef, our lineRef, exists on that RMA); an RMA carries its lines.
 * - Other errors: `{ error: { code, message } }`.
 * - Status codes: orders F Firmed, R Released, H On Hold, C Closed, X Cancelled (the codes seen in VISUAL's
 *   CUSTOMER_ORDER.STATUS, not confirmed by an Infor page); RMAs O Open, C Closed. Unknown codes pass through.
 */
import {
  ErpUnavailableError,
  type TErpAdapter,
  type TErpConnection,
  type TErpOrder,
  type TErpOrderState,
  type TErpRmaLine,
  type TErpRmaState,
} from './erp-adapter';
import {
  createVisualClient,
  type TVisualClient,
  type TVisualOrder,
  type TVisualOrderInput,
  type TVisualRma,
  type TVisualRmaInput,
  type TVisualRmaLineInput,
  ZVisualOrder,
  ZVisualOrderList,
  ZVisualRma,
  ZVisualRmaLine,
} from './visual-api-client';

export const VISUAL_ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  F: 'Firmed',
  R: 'Released',
  H: 'On Hold',
  C: 'Closed',
  X: 'Cancelled',
};
const RMA_STATUS_LABELS: Readonly<Record<string, string>> = { O: 'Open', C: 'Closed' };

/** How many order ids one status read asks for. */
const STATUS_BATCH = 50;

function labelOf(labels: Readonly<Record<string, string>>, code: string | null): string | null {
  const trimmed = code?.trim() ?? '';
  return trimmed === '' ? null : (labels[trimmed] ?? trimmed);
}

const stateOf = (order: TVisualOrder): TErpOrderState => ({
  erpOrderNo: order.id,
  status: labelOf(VISUAL_ORDER_STATUS_LABELS, order.status),
});

export function visualOrderOf(order: TErpOrder): TVisualOrderInput {
  return {
    externalRef: order.orderRef,
    customerId: order.customerNumber,
    customerPoRef: order.poNumber,
    orderDate: order.orderDate.toISOString().slice(0, 10),
    currencyId: order.currency,
    lines: order.lines.map((line) => ({
      lineNo: line.lineNumber,
      partId: line.item,
      description: line.description,
      orderQty: line.quantity,
      unitPrice: line.unitPrice,
    })),
  };
}

function rmaOf(line: TErpRmaLine): TVisualRmaInput {
  return {
    id: line.rmaNumber,
    customerId: line.customerNumber,
    customerSeq: line.customerSequence,
    custOrderId: line.erpOrderNo,
    warehouseId: line.warehouse,
    currencyId: line.currency,
    taxCode: line.taxCode,
  };
}

function rmaLineOf(line: TErpRmaLine): TVisualRmaLineInput {
  return {
    externalRef: line.lineRef,
    partId: line.item,
    description: line.description,
    returnQty: line.quantity,
    unitOfMeasure: line.unit,
    unitPrice: line.unitPrice,
    reason: line.reason,
    dispositionsEnabled: line.enableRmaDispositions,
  };
}

async function findOrder(api: TVisualClient, orderRef: string): Promise<TVisualOrder | undefined> {
  const answer = await api.call('GET', '/v1/customer-orders', {
    query: new URLSearchParams({ externalRef: orderRef }),
  });
  return answer.read(ZVisualOrderList).items.find((order) => order.externalRef === orderRef);
}

async function findRma(api: TVisualClient, rmaNumber: string): Promise<TVisualRma | undefined> {
  const answer = await api.call('GET', `/v1/rmas/${encodeURIComponent(rmaNumber)}`, { allow: [404] });
  return answer.status === 404 ? undefined : answer.read(ZVisualRma);
}

const rmaStateOf = (rma: TVisualRma, lineNo: number): TErpRmaState => ({
  rmaNumber: rma.id,
  erpLineNo: String(lineNo),
  status: labelOf(RMA_STATUS_LABELS, rma.status),
});

function madeLine(rma: TVisualRma | undefined, line: TErpRmaLine): TErpRmaState | null {
  const made = rma?.lines.find((candidate) => candidate.externalRef === line.lineRef);
  return rma && made ? rmaStateOf(rma, made.lineNo) : null;
}

/** A 409 says an earlier run made it, yet reading it found nothing: the ERP is not consistent yet, try later. */
const notReadable = (what: string) =>
  new ErpUnavailableError(`VISUAL: ${what} exists (HTTP 409) but cannot be read back yet`);

/**
 * The VISUAL adapter. Each operation reads what an earlier run made before it creates: the order by its externalRef
 * (header and lines are one request), the RMA by its number and the line by its externalRef within the RMA; a 409
 * from a run that got there first is answered by reading again.
 */
export function createVisualErp(connection: TErpConnection, options: { fetch?: typeof fetch } = {}): TErpAdapter {
  const api = createVisualClient(connection, options.fetch ?? globalThis.fetch);

  return {
    kind: 'visual',
    async submitOrder(order) {
      const earlier = await findOrder(api, order.orderRef);
      if (earlier) return stateOf(earlier);
      const created = await api.call('POST', '/v1/customer-orders', { body: visualOrderOf(order), allow: [409] });
      if (created.status !== 409) return stateOf(created.read(ZVisualOrder));
      const raced = await findOrder(api, order.orderRef);
      if (raced) return stateOf(raced);
      throw notReadable(`the order ${order.orderRef}`);
    },

    async getOrderStatuses(erpOrderNos) {
      const wanted = [...new Set(erpOrderNos.filter((no) => no.trim() !== ''))];
      const found = new Map<string, TErpOrderState>();
      for (let start = 0; start < wanted.length; start += STATUS_BATCH) {
        const query = new URLSearchParams(
          wanted.slice(start, start + STATUS_BATCH).map((id): [string, string] => ['id', id]),
        );
        const answer = await api.call('GET', '/v1/customer-orders', { query });
        for (const order of answer.read(ZVisualOrderList).items) found.set(order.id, stateOf(order));
      }
      return wanted.flatMap((no) => found.get(no) ?? []);
    },

    async createRmaLine(line) {
      let rma = await findRma(api, line.rmaNumber);
      if (!rma) {
        const created = await api.call('POST', '/v1/rmas', { body: rmaOf(line), allow: [409] });
        rma = created.status === 409 ? await findRma(api, line.rmaNumber) : created.read(ZVisualRma);
      }
      if (!rma) throw notReadable(`the RMA ${line.rmaNumber}`);
      const earlier = madeLine(rma, line);
      if (earlier) return earlier;
      const path = `/v1/rmas/${encodeURIComponent(line.rmaNumber)}/lines`;
      const created = await api.call('POST', path, { body: rmaLineOf(line), allow: [409] });
      if (created.status !== 409) return rmaStateOf(rma, created.read(ZVisualRmaLine).lineNo);
      const raced = madeLine(await findRma(api, line.rmaNumber), line);
      if (raced) return raced;
      throw notReadable(`the RMA line ${line.rmaNumber}/${line.lineRef}`);
    },
  };
}
