import type { TOrderStatusChange } from '@cpq/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef } from 'react';
import { NO_ORDER_UPDATES, type TOrderUpdates } from '../logic/order-updates';

export const OrderUpdatesContext = createContext<TOrderUpdates>(NO_ORDER_UPDATES);

/** Live order changes from the socket's contentchange: the updated-orders counter and each order's newest status. */
export function useOrderUpdates(): TOrderUpdates {
  return useContext(OrderUpdatesContext);
}

/** The newest live status change seen for this order, if any. */
export function useLiveOrderStatus(orderId: number): TOrderStatusChange | undefined {
  return useOrderUpdates().statuses.get(orderId);
}

/** Refetches the queries under `queryKey` each time the updated-orders counter rises (spec: Orders list). */
export function useRefetchOnOrderUpdates(queryKey: QueryKey): void {
  const client = useQueryClient();
  const { counter } = useOrderUpdates();
  const seen = useRef(counter);
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(() => {
    if (counter <= seen.current) return;
    seen.current = counter;
    void client.invalidateQueries({ queryKey: key.current });
  }, [counter, client]);
}
