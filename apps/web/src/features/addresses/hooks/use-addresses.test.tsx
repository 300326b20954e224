import type { TAddress } from '@cpq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/render';
import { ADDRESS_LIST_KEY, useDeleteAddress } from './use-addresses';

const address = (id: number): TAddress => ({
  version: 1,
  id,
  Address: `${id} Main St`,
  Address2: null,
  City: 'Austin',
  State: 'TX',
  Zip: '78701',
  Country: 'USA',
  CountryCode: 'US',
  AddressType: 2,
  customerId: null,
  sameAsShipping: false,
  pid: 'default',
});

const PAGE_KEY = [...ADDRESS_LIST_KEY, { limit: 12, offset: 0 }];

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(PAGE_KEY, { rows: [address(1), address(2)], count: 2 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDeleteAddress(), { wrapper });
  const cachedIds = () => queryClient.getQueryData<{ rows: TAddress[] }>(PAGE_KEY)?.rows.map((row) => row.id);
  return { result, cachedIds };
}

describe('optimistic address delete', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('removes the row before the server answers', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => {
      answer = resolve;
    });
    const fetchMock = vi.fn(async () => {
      await pending;
      return new Response(JSON.stringify({ success: true, result: { ok: true, id: 1, message: 'x' } }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const { result, cachedIds } = setup();
    act(() => result.current.mutate(1));
    await waitFor(() => expect(cachedIds()).toEqual([2]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(null);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('puts the row back when the server refuses', async () => {
    mockApi({
      'addressManagement/deleteAddress': () => ({
        status: 409,
        body: { success: false, error: 'Quotes still use this address.', code: 'CONFLICT' },
      }),
    });
    const { result, cachedIds } = setup();
    act(() => result.current.mutate(2));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Quotes still use this address.');
    expect(cachedIds()).toEqual([1, 2]);
  });
});
