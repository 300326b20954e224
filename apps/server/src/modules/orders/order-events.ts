import { orderStatusLabel, type TOrderStatusChange } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import type { TAfterCommit } from '../../db/transaction';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { findPlatform, type TPlatformRow } from '../platforms/platforms.repository';
import type { TQuoteRow } from '../quotes/quotes.repository';
import { findStatusName } from '../status-types/status-types.repository';
import type { TPublishContext } from './order-context';

/**
 * Order events: what open screens hear after order changes commit. Apart from placing orders, so that the jobs
 * that change orders (ERP statuses, the printed order document) announce them without depending on placement.
 * The code that changes orders marks them inside its transaction (`withTransaction`'s `afterCommit`); they are
 * published once it commits, and never when it rolls back.
 */

/** The platform of an order or quote, which every row has. */
export async function orderPlatformOf(db: TDbOrTx, pid: string): Promise<TPlatformRow> {
  const platform = await findPlatform(db, ALL_PLATFORMS, pid);
  if (!platform) throw new Error(`Quote of a missing platform ${pid}`);
  return platform;
}

/** The status an order shows, with the platform's order-complete label as the fallback. */
export async function orderStatusOf(db: TDbOrTx, order: TQuoteRow): Promise<string> {
  const [platform, statusName] = await Promise.all([
    orderPlatformOf(db, order.pid),
    findStatusName(db, order.statusTypeId),
  ]);
  return orderStatusLabel({
    statusName,
    csiStatus: order.csiStatus,
    orderCompleteString: platform.csiOrderCompleteString,
  });
}

/**
 * Every open screen of the platform hears of order changes (`contentchange`), so order lists refetch and open
 * orders show the new status. A failure to publish is logged, never thrown: the change stands.
 */
function publishOrderChanges(ctx: TPublishContext, pid: string, activeOrders: TOrderStatusChange[]): void {
  try {
    ctx.deps.realtime.publishContentChange(pid, { activeOrders, numItemsUpdated: activeOrders.length });
  } catch (error) {
    ctx.log.warn({ err: error, pid }, 'contentchange publish failed');
  }
}

/** Orders' statuses as they show, read after the commit and published as above (a failed lookup is logged too). */
async function announceOrders(ctx: TPublishContext, pid: string, orders: TQuoteRow[]): Promise<void> {
  const changes = await Promise.all(
    orders.map(async (order) => ({
      id: order.id,
      statusTypeId: order.statusTypeId,
      status: await orderStatusOf(ctx.deps.db, order),
      version: order.version,
    })),
  ).catch((error: unknown) => {
    ctx.log.warn({ err: error, pid }, 'contentchange publish failed');
    return null;
  });
  if (changes) publishOrderChanges(ctx, pid, changes);
}

/** Inside the transaction that changed orders' statuses: open screens hear of the changes once it commits. */
export function publishOrderChangesOnCommit(
  afterCommit: TAfterCommit,
  ctx: TPublishContext,
  pid: string,
  activeOrders: TOrderStatusChange[],
): void {
  afterCommit(() => publishOrderChanges(ctx, pid, activeOrders));
}

/** Inside the transaction that placed or changed orders: open screens hear of them, as they then show, once it commits. */
export function announceOrdersOnCommit(
  afterCommit: TAfterCommit,
  ctx: TPublishContext,
  pid: string,
  orders: TQuoteRow[],
): void {
  afterCommit(() => announceOrders(ctx, pid, orders));
}
