import { orderStatusLabel, type TOrderStatusChange } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { ALL_PLATFORMS } from '../../lib/platform-scope';
import { findPlatform, type TPlatformRow } from '../platforms/platforms.repository';
import type { TQuoteRow } from '../quotes/quotes.repository';
import { findStatusName } from '../status-types/status-types.repository';
import type { TPublishContext } from './order-context';

/**
 * Order events: what open screens hear after order changes commit. Apart from placing orders, so that the jobs
 * that change orders (ERP statuses, the printed order document) announce them without depending on placement.
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
 * After order changes commit: every open screen of their platform hears of them (`contentchange`), so order lists
 * refetch and open orders show the new status. A failure to publish is logged, never thrown: the change stands.
 */
export function publishOrderChanges(ctx: TPublishContext, pid: string, activeOrders: TOrderStatusChange[]): void {
  try {
    ctx.deps.realtime.publishContentChange(pid, { activeOrders, numItemsUpdated: activeOrders.length });
  } catch (error) {
    ctx.log.warn({ err: error, pid }, 'contentchange publish failed');
  }
}

/** After new orders commit: their statuses as they show, published as above (a failed lookup is logged too). */
export async function announceOrders(ctx: TPublishContext, pid: string, orders: TQuoteRow[]): Promise<void> {
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
