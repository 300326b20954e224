import type { TContentChange, TOrderStatusChange } from '@cpq/contracts';

/** The app's view of live order changes: the updated-orders counter and the newest status of each order seen. */
export type TOrderUpdates = {
  /** Rises by numItemsUpdated with each contentchange; order lists refetch when it rises. */
  counter: number;
  /** The newest change per order id (by version). */
  statuses: ReadonlyMap<number, TOrderStatusChange>;
};

export const NO_ORDER_UPDATES: TOrderUpdates = { counter: 0, statuses: new Map() };

const isStatusChange = (value: unknown): value is TOrderStatusChange => {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(change.id) &&
    (change.statusTypeId === null || Number.isSafeInteger(change.statusTypeId)) &&
    typeof change.status === 'string' &&
    Number.isSafeInteger(change.version)
  );
};

const isQuoteChange = (value: unknown): value is { id: number; version: number } => {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  return Number.isSafeInteger(change.id) && Number.isSafeInteger(change.version);
};

/**
 * A socket payload as a contentchange, or null when it is not one. Checked by hand rather than with the zod schema:
 * the shell listens on every page, and zod is not part of the first screen's code.
 */
export function asContentChange(payload: unknown): TContentChange | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { activeOrders, numItemsUpdated, quotes } = payload as Record<string, unknown>;
  if (!Array.isArray(activeOrders) || !Number.isSafeInteger(numItemsUpdated)) return null;
  return {
    activeOrders: activeOrders.filter(isStatusChange),
    numItemsUpdated: numItemsUpdated as number,
    ...(Array.isArray(quotes) ? { quotes: quotes.filter(isQuoteChange) } : {}),
  };
}

/** The state after a contentchange: the counter raised by numItemsUpdated, each newer status kept. */
export function applyContentChange(state: TOrderUpdates, change: TContentChange): TOrderUpdates {
  const statuses = new Map(state.statuses);
  for (const order of change.activeOrders) {
    const known = statuses.get(order.id);
    if (!known || order.version >= known.version) statuses.set(order.id, order);
  }
  return { counter: state.counter + Math.max(0, change.numItemsUpdated), statuses };
}

/**
 * The status label an order shows given the server's row and the live change seen for it: the live label while it
 * is at least as new as the row (the server computes it, so it names status types above the viewer's level too).
 */
export function liveStatusLabel(
  row: { statusTypeId?: number | null; version?: number },
  live: TOrderStatusChange | undefined,
  fallback: string,
): string {
  if (!live) return fallback;
  const isCurrent =
    row.version === undefined ? live.statusTypeId === (row.statusTypeId ?? null) : live.version >= row.version;
  return isCurrent ? live.status : fallback;
}
