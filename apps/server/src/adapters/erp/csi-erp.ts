/**
 * Infor CloudSuite Industrial (SyteLine) through the Mongoose IDO request service, REST v2.
 *
 * Follows Infor's public Mongoose documentation (docs.infor.com, "Mongoose IDO Request Service REST API", topics
 * GetSecurityToken, LoadCollection, UpdateCollection and "Bookmark IDs in LoadCollection responses", the same
 * topics under the CSI 2022.x online help): the token path and `{ Message, Success, Token }` answer, the token in
 * `Authorization` without a scheme, `X-Infor-MongooseConfig`, `GET /ido/load/{ido}?properties&filter&recordcap`
 * answering `Items` as rows of `{ Name, Value }`, and `POST /ido/update/{ido}?refresh=true` with
 * `Changes: [{ Action: 1, ItemId, Properties: [{ Name, Value, Modified, IsNull }] }]`. The customer order header
 * statuses are the ones the CSI help lists for the Customer Orders form (Ordered, Planned, Stopped, Complete,
 * History); the same help topic lists Working and Quoted for estimates, mapped too in case a site's read returns one.
 *
 * Our choices, to be checked against a site's IDO metadata:
 * - Where our keys live: SLCos.Uf_CpqOrderRef holds our orderRef and SLRmaitems.Uf_CpqLineRef our lineRef, two
 *   user-defined fields an administrator adds (CustPo keeps the customer's own PO number, which the order has too).
 *   A site without them answers `Success: false` naming the property, which is ErpRejectedError.
 * - Property names beyond the IDO keys (SLCoitems QtyOrderedConv and PriceConv, SLRmaitems UnitCredit) and the RMA
 *   header statuses (O Open, C Closed; any other code is passed through as it is).
 * - Order lines go at their net prices: PriceConv is the net unit price in whole cents (after the line's discount and
 *   its share of the quote's) and Disc is not written, because a per cent cannot hold a quote discount's share to the
 *   cent; a line whose net does not divide by its quantity goes as two CoLines (TErpOrder), so the order's lines add
 *   up to the quote's total. The currency is not written: CSI takes an order's currency from its customer (CustNum).
 * - enableRmaDispositions and the RMA's order number have no standard SLRmas / SLRmaitems property and are not sent.
 * - The update body also carries `IDOName` and `RefreshAfterSave` (members Infor's example bodies leave out) and an
 *   empty ItemId for an insert (Infor's insert example names the IDO, `PBT=[...]`).
 * - Dates are written in Mongoose's normalized form `yyyyMMdd HH:mm:ss.fff`; filter literals as `N'...'`.
 * - A refused sign-in may come as a 4xx or as `Success: false`; both are ErpRejectedError.
 */

import { createIdoClient, idoDate, idoText, type TIdoClient, type TIdoRow } from './csi-ido-client';
import {
  ErpUnavailableError,
  type TErpAdapter,
  type TErpConnection,
  type TErpOrder,
  type TErpOrderState,
} from './erp-adapter';

/** The user-defined SLCos property that holds our orderRef. */
export const CSI_ORDER_REF_PROPERTY = 'Uf_CpqOrderRef';
/** The user-defined SLRmaitems property that holds our lineRef. */
export const CSI_LINE_REF_PROPERTY = 'Uf_CpqLineRef';

/** CSI customer order header status codes (SLCos.Stat) and their labels. */
export const CSI_ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  O: 'Ordered',
  P: 'Planned',
  S: 'Stopped',
  C: 'Complete',
  H: 'History',
  Q: 'Quoted',
  W: 'Working',
};

const RMA_STATUS_LABELS: Readonly<Record<string, string>> = { O: 'Open', C: 'Closed' };

/** How many order numbers one status read asks for (one IN list, one request). */
const STATUS_BATCH = 100;

/** A status code as its label; an unknown code stays as the ERP sent it, an empty one is null. */
export function csiOrderStatusLabel(stat: string | null | undefined): string | null {
  const code = stat?.trim() ?? '';
  if (code === '') return null;
  return CSI_ORDER_STATUS_LABELS[code] ?? code;
}

function rmaStatusLabel(stat: string | null | undefined): string | null {
  const code = stat?.trim() ?? '';
  return code === '' ? null : (RMA_STATUS_LABELS[code] ?? code);
}

// CoNum is kept exactly as CSI sends it (a site's numbering may pad it): it is the value later filters must match.
function orderStateOf(row: TIdoRow): TErpOrderState | null {
  const erpOrderNo = row.CoNum;
  return erpOrderNo?.trim() ? { erpOrderNo, status: csiOrderStatusLabel(row.Stat) } : null;
}

async function findOrder(ido: TIdoClient, orderRef: string): Promise<TIdoRow | undefined> {
  const rows = await ido.load(
    'SLCos',
    ['CoNum', 'Stat', CSI_ORDER_REF_PROPERTY],
    `${CSI_ORDER_REF_PROPERTY} = ${idoText(orderRef)}`,
    1,
  );
  return rows[0];
}

/** Inserts the order lines an earlier run did not (a run may have stopped between the header and its lines). */
async function addMissingLines(ido: TIdoClient, coNum: string, order: TErpOrder): Promise<void> {
  const existing = await ido.load('SLCoitems', ['CoNum', 'CoLine'], `CoNum = ${idoText(coNum)}`, 0);
  const present = new Set(existing.map((row) => Number(row.CoLine)));
  for (const line of order.lines) {
    if (present.has(line.lineNumber)) continue;
    await ido.insert('SLCoitems', {
      CoNum: coNum,
      CoLine: line.lineNumber,
      Item: line.item,
      Description: line.description,
      QtyOrderedConv: line.quantity,
      PriceConv: line.unitPrice,
    });
  }
}

async function findRmaHeader(ido: TIdoClient, rmaNumber: string): Promise<TIdoRow | undefined> {
  const rows = await ido.load('SLRmas', ['RmaNum', 'Stat'], `RmaNum = ${idoText(rmaNumber)}`, 1);
  return rows[0];
}

async function rmaLinesOf(ido: TIdoClient, rmaNumber: string): Promise<TIdoRow[]> {
  return ido.load('SLRmaitems', ['RmaNum', 'RmaLine', CSI_LINE_REF_PROPERTY], `RmaNum = ${idoText(rmaNumber)}`, 0);
}

/**
 * The CSI adapter. Each operation reads what an earlier run made before it inserts: the order by its orderRef
 * (then the lines it lacks), the RMA header by its number and the line by RMA number and lineRef.
 */
export function createCsiErp(connection: TErpConnection, options: { fetch?: typeof fetch } = {}): TErpAdapter {
  const ido = createIdoClient(connection, options.fetch ?? globalThis.fetch);

  return {
    kind: 'CSI',
    async submitOrder(order) {
      let header = await findOrder(ido, order.orderRef);
      if (!header) {
        await ido.insert('SLCos', {
          [CSI_ORDER_REF_PROPERTY]: order.orderRef,
          CustNum: order.customerNumber,
          CustPo: order.poNumber,
          OrderDate: idoDate(order.orderDate),
        });
        header = await findOrder(ido, order.orderRef);
      }
      const state = header ? orderStateOf(header) : null;
      if (!state) {
        throw new ErpUnavailableError(`CSI: the order ${order.orderRef} was saved but cannot be read back yet`);
      }
      await addMissingLines(ido, state.erpOrderNo, order);
      return state;
    },

    async getOrderStatuses(erpOrderNos) {
      const wanted = [...new Set(erpOrderNos.filter((no) => no.trim() !== ''))];
      const found = new Map<string, TErpOrderState>();
      for (let start = 0; start < wanted.length; start += STATUS_BATCH) {
        const batch = wanted.slice(start, start + STATUS_BATCH);
        const rows = await ido.load(
          'SLCos',
          ['CoNum', 'Stat'],
          `CoNum IN (${batch.map(idoText).join(', ')})`,
          batch.length,
        );
        for (const row of rows) {
          const state = orderStateOf(row);
          if (state) found.set(state.erpOrderNo, state);
        }
      }
      return wanted.flatMap((no) => found.get(no) ?? []);
    },

    async createRmaLine(line) {
      let header = await findRmaHeader(ido, line.rmaNumber);
      if (!header) {
        await ido.insert('SLRmas', {
          RmaNum: line.rmaNumber,
          CustNum: line.customerNumber,
          CustSeq: line.customerSequence,
          Whse: line.warehouse,
          CurrCode: line.currency,
          TaxCode1: line.taxCode,
        });
        header = await findRmaHeader(ido, line.rmaNumber);
      }
      const status = rmaStatusLabel(header?.Stat);
      const answer = (rows: TIdoRow[]) => {
        const made = rows.find((row) => row[CSI_LINE_REF_PROPERTY] === line.lineRef);
        return made?.RmaLine ? { rmaNumber: line.rmaNumber, erpLineNo: made.RmaLine.trim(), status } : null;
      };
      const lines = await rmaLinesOf(ido, line.rmaNumber);
      const earlier = answer(lines);
      if (earlier) return earlier;
      const next = lines.reduce((highest, row) => Math.max(highest, Number(row.RmaLine) || 0), 0) + 1;
      await ido.insert('SLRmaitems', {
        RmaNum: line.rmaNumber,
        RmaLine: next,
        Item: line.item,
        Description: line.description,
        QtyToReturn: line.quantity,
        UM: line.unit,
        UnitCredit: line.unitPrice,
        ReasonText: line.reason,
        [CSI_LINE_REF_PROPERTY]: line.lineRef,
      });
      return (
        answer(await rmaLinesOf(ido, line.rmaNumber)) ?? { rmaNumber: line.rmaNumber, erpLineNo: String(next), status }
      );
    },
  };
}
