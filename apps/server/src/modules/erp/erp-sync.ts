import {
  isOrder,
  quoteNetLines,
  RMA_FIXED_VALUES,
  type TMoney,
  type TWaterfallLineInput,
  toDecimal,
  unitPrice,
} from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import type { TJobHandlers } from '../../jobs/job-queue';
import { pruneDoneJobs } from '../../jobs/jobs.repository';
import { erpFor } from '../integrations/integrations';
import { announceOrdersOnCommit } from '../orders/order-events';
import { findQuoteRow, listQuoteLines, type TQuoteRow } from '../quotes/quotes.repository';
import {
  applyErpState,
  findRmaWithLineAndOrder,
  listOrdersWithErpNumber,
  listPlatformsWithOutsideErp,
  recordRmaErpState,
} from './erp.repository';

/** Our reference for an order in the ERP: what an earlier run of the submission finds it by. */
export const orderRefOf = (quoteId: number): string => `ORD${quoteId}`;

/**
 * What one returned unit of a line is credited: its net over its quantity (after its discount and its share of the
 * quote's), held to cents; a line the order did not count (left out) at its unit price. A credit is per unit, so a
 * line whose net does not divide by its quantity is credited within a cent of its net when all of it comes back.
 */
export function rmaUnitCredit<TLine extends TWaterfallLineInput & { id: number }>(
  lines: readonly TLine[],
  discountPercent: string,
  line: TLine,
): TMoney {
  const counted = quoteNetLines(lines, discountPercent).find((net) => net.line.id === line.id);
  return counted && line.quantity > 0 ? unitPrice(toDecimal(counted.net).div(line.quantity)) : unitPrice(line.price);
}

/** Orders a poll reads statuses for per platform: the newest ones with an ERP number. */
const POLLED_ORDERS = 2000;
const STATUS_BATCH = 100;

/**
 * Records ERP order numbers and statuses that differ from ours, each with a new version, in one transaction, and
 * tells the platform's open screens (contentchange) once it is committed.
 */
async function applyErpStates(
  deps: TAppDeps,
  log: FastifyBaseLogger,
  pid: string,
  states: Array<{ quoteId: number; erpOrderNo: string; status: string | null }>,
): Promise<void> {
  await withTransaction(deps.db, log, async (tx, afterCommit) => {
    const changed: TQuoteRow[] = [];
    for (const state of states) {
      const row = await applyErpState(tx, state);
      if (row) changed.push(row);
    }
    if (changed.length > 0) announceOrdersOnCommit(afterCommit, { deps, log }, pid, changed);
  });
}

/** The ERP jobs: submit an order, submit a returned line, read order statuses. Each is safe to run again. */
export function createErpJobHandlers(deps: TAppDeps, log: FastifyBaseLogger): TJobHandlers {
  return {
    async 'erp.submitOrder'(job) {
      const { quoteId } = job.payload;
      const order = await findQuoteRow(deps.db, quoteId);
      if (!order || !isOrder(order)) return;
      const erp = await erpFor(deps, order.pid);
      const lines = await listQuoteLines(deps.db, quoteId);
      const state = await erp.submitOrder({
        orderRef: orderRefOf(order.id),
        quoteId: order.id,
        customerNumber: order.csiCustomerNumber ?? order.erpId,
        poNumber: order.poNumber,
        customerName: order.companyName ?? ([order.firstName, order.lastName].filter(Boolean).join(' ') || null),
        orderDate: order.dateOrderPlaced ?? order.updatedAt,
        currency: order.currency,
        // What was ordered, at its net prices: an optional line the customer left out is not; a line whose net does
        // not divide by its quantity goes as two (TErpOrder), so the ERP's lines add up to the order's total.
        lines: quoteNetLines(lines, order.discountPercent)
          .flatMap(({ line, parts }) =>
            parts.map((part) => ({
              item: line.partNumber ?? line.cfgPartNumber ?? 'NO NAME ERROR',
              description: line.lineDescription ?? line.description ?? line.productName ?? '',
              quantity: part.quantity,
              unitPrice: part.unitPrice,
            })),
          )
          .map((line, index) => ({ lineNumber: index + 1, ...line })),
      });
      await applyErpStates(deps, log, order.pid, [{ quoteId: order.id, ...state }]);
    },

    async 'erp.createRmaLine'(job) {
      const { rmaId } = job.payload;
      const found = await findRmaWithLineAndOrder(deps.db, rmaId);
      if (!found) return;
      const { rma, line, order } = found;
      const erp = await erpFor(deps, order.pid);
      const state = await erp.createRmaLine({
        rmaNumber: rma.rmaNumber,
        quoteId: order.id,
        erpOrderNo: order.erpOrderNo,
        customerNumber: order.csiCustomerNumber ?? order.erpId,
        ...RMA_FIXED_VALUES,
        lineRef: String(line.id),
        item: line.partNumber ?? line.cfgPartNumber ?? 'NO NAME ERROR',
        description: line.lineDescription ?? line.description ?? line.productName ?? '',
        quantity: rma.quantity,
        unitPrice: rmaUnitCredit(await listQuoteLines(deps.db, order.id), order.discountPercent, line),
        reason: rma.reason,
        enableRmaDispositions: rma.enableRmaDispositions,
      });
      await recordRmaErpState(deps.db, rma.id, state);
    },

    async 'erp.pollStatuses'(job) {
      const pid = job.pid;
      if (!pid) return;
      const erp = await erpFor(deps, pid);
      if (erp.kind === 'default') return;
      const orders = await listOrdersWithErpNumber(deps.db, pid, POLLED_ORDERS);
      const byErpNo = new Map(orders.map((order) => [order.erpOrderNo as string, order]));
      const numbers = [...byErpNo.keys()];
      for (let start = 0; start < numbers.length; start += STATUS_BATCH) {
        const states = await erp.getOrderStatuses(numbers.slice(start, start + STATUS_BATCH));
        // Only the statuses that changed are written: a poll of unchanged orders costs no writes.
        const changed = states.flatMap((state) => {
          const order = byErpNo.get(state.erpOrderNo);
          return order && order.csiStatus !== state.status ? [{ quoteId: order.id, ...state }] : [];
        });
        if (changed.length > 0) await applyErpStates(deps, log, pid, changed);
      }
    },
  };
}

/**
 * Every ERP_POLL_MS, one status poll per platform with an outside ERP. The key names the platform and the time
 * slot, so however many instances run this, each slot polls once; finished polls are pruned after an hour.
 */
export function startErpStatusPolling(deps: TAppDeps, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    enqueueErpStatusPolls(deps).catch((error) => log.error({ err: error }, 'ERP status poll scheduling failed'));
  }, deps.config.jobs.erpPollMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Enqueues this time slot's status poll of each platform with an outside ERP (the timer's tick), in one transaction. */
export async function enqueueErpStatusPolls(deps: TAppDeps): Promise<void> {
  const { erpPollMs } = deps.config.jobs;
  const slot = Math.floor(deps.clock().getTime() / erpPollMs);
  await withTransaction(deps.db, deps.log, async (tx, afterCommit) => {
    for (const platform of await listPlatformsWithOutsideErp(tx)) {
      await deps.jobs.enqueue(tx, afterCommit, {
        queue: 'erp.pollStatuses',
        key: `erp.pollStatuses:${platform.id}:${slot}`,
        pid: platform.id,
        subject: 'Order statuses',
        payload: {},
      });
    }
  });
  await pruneDoneJobs(deps.db, 'erp.pollStatuses', 60 * 60 * 1000);
}
