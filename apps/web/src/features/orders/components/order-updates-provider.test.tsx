import type { TContentChange, TQuote } from '@cpq/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLoadedQueryClient } from '../../../lib/loaded-query-client';
import { makeQuote } from '../../quotes/quote-fixtures.test-support';
import { useLiveOrderStatus, useOrderUpdates } from '../hooks/use-order-updates';
import { OrderUpdatesProvider } from './order-updates-provider';

type THandler = (payload: TContentChange) => void;
const handlers = new Set<THandler>();
const fakeSocket = {
  on: (_event: string, handler: THandler) => handlers.add(handler),
  off: (_event: string, handler: THandler) => handlers.delete(handler),
};
vi.mock('../../../lib/socket', () => ({
  onSocketOpened: (listener: (socket: typeof fakeSocket) => void) => {
    listener(fakeSocket);
    return () => undefined;
  },
  getSocket: () => fakeSocket,
}));

function Probe() {
  const { counter } = useOrderUpdates();
  const live = useLiveOrderStatus(8);
  return <p>{`counter ${counter}, order 8 ${live?.status ?? 'unchanged'}`}</p>;
}

describe('OrderUpdatesProvider', () => {
  afterEach(cleanup);

  it('raises the counter, keeps the live status and brings the cached order up to date', () => {
    const client = new QueryClient();
    client.setQueryData<TQuote>(['quotes', 8], makeQuote({ id: 8, type: 2, version: 3, statusTypeId: null }));
    setLoadedQueryClient(client);
    render(
      <OrderUpdatesProvider>
        <Probe />
      </OrderUpdatesProvider>,
    );
    expect(screen.getByText('counter 0, order 8 unchanged')).toBeTruthy();
    act(() => {
      for (const handle of handlers) {
        handle({ activeOrders: [{ id: 8, statusTypeId: 4, status: 'Shipped', version: 4 }], numItemsUpdated: 1 });
      }
    });
    expect(screen.getByText('counter 1, order 8 Shipped')).toBeTruthy();
    expect(client.getQueryData<TQuote>(['quotes', 8])).toMatchObject({ statusTypeId: 4, version: 4 });
    cleanup();
    expect(handlers.size).toBe(0);
  });

  it('reads a quote its customer changed through a quote link again, with its comments and links', () => {
    const client = new QueryClient();
    client.setQueryData<TQuote>(['quotes', 8], makeQuote({ id: 8, version: 3 }));
    client.setQueryData(['quotes', 8, 'communications'], { rows: [], count: 0 });
    client.setQueryData(['quotes', 9], makeQuote({ id: 9, version: 3 }));
    setLoadedQueryClient(client);
    render(
      <OrderUpdatesProvider>
        <Probe />
      </OrderUpdatesProvider>,
    );
    act(() => {
      for (const handle of handlers) handle({ activeOrders: [], numItemsUpdated: 0, quotes: [{ id: 8, version: 4 }] });
    });
    expect(client.getQueryState(['quotes', 8])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['quotes', 8, 'communications'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['quotes', 9])?.isInvalidated).toBe(false);
    // Nothing about orders changed.
    expect(screen.getByText('counter 0, order 8 unchanged')).toBeTruthy();
  });
});
