import type { TContentChange, TQuote } from '@cpq/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { loadedQueryClient } from '../../../lib/loaded-query-client';
import { getSocket, onSocketOpened } from '../../../lib/socket';
import { OrderUpdatesContext } from '../hooks/use-order-updates';
import { applyContentChange, asContentChange, NO_ORDER_UPDATES } from '../logic/order-updates';

/**
 * Listens for contentchange on the live connection (spec: live updates): raises the updated-orders counter, keeps
 * each order's newest status, and brings an open order up to date without a reload (its cached quote takes the new
 * status at once, then is read again); a quote its customer changed through a quote link is read again too. Before
 * any page has loaded the query cache there is nothing cached to bring up to date.
 */
export function OrderUpdatesProvider({ children }: { children: ReactNode }) {
  const [updates, setUpdates] = useState(NO_ORDER_UPDATES);

  useEffect(() => {
    const handleChange = (payload: TContentChange) => {
      const change = asContentChange(payload);
      if (!change) return;
      setUpdates((state) => applyContentChange(state, change));
      const client = loadedQueryClient();
      if (!client) return;
      for (const order of change.activeOrders) {
        const key = ['quotes', order.id] as const;
        client.setQueryData<TQuote>(key, (old) =>
          old && order.version > old.version
            ? { ...old, statusTypeId: order.statusTypeId, version: order.version }
            : old,
        );
        void client.invalidateQueries({ queryKey: key, exact: true });
      }
      // A customer changed a quote through its link (chose lines, commented, accepted): the quote and what hangs
      // off it (comments, shared links) are read again wherever they are open.
      for (const quote of change.quotes ?? []) {
        void client.invalidateQueries({ queryKey: ['quotes', quote.id] });
      }
    };
    const stop = onSocketOpened((socket) => socket.on('contentchange', handleChange));
    return () => {
      stop();
      getSocket()?.off('contentchange', handleChange);
    };
  }, []);

  return <OrderUpdatesContext value={updates}>{children}</OrderUpdatesContext>;
}
