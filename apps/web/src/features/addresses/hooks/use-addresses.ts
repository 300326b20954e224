import type { TAddress, TAddressInput } from '@cpq/contracts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSave } from '../../../lib/api';
import { addressesApi } from '../api/addresses.api';

/** Prefix of every cached page of the address list (the generic list appends its paged query). */
export const ADDRESS_LIST_KEY = ['addresses', 'list'] as const;

type TAddressPage = { rows: TAddress[]; count: number };
type TSnapshot = [QueryKey, TAddressPage | undefined][];

export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TSave<TAddressInput>) => {
      if (save.id === null) return addressesApi.createAddress(save.input);
      const { pid: _pid, ...patch } = save.input;
      return addressesApi.updateAddress(save.id, patch, save.version);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESS_LIST_KEY }),
  });
}

/**
 * Deletes an address optimistically (spec section 4): the row leaves every cached page before the call, comes back
 * if the call fails, and the list refetches either way.
 */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => addressesApi.deleteAddress(id),
    onMutate: async (id): Promise<{ snapshot: TSnapshot }> => {
      await queryClient.cancelQueries({ queryKey: ADDRESS_LIST_KEY });
      const snapshot = queryClient.getQueriesData<TAddressPage>({ queryKey: ADDRESS_LIST_KEY });
      queryClient.setQueriesData<TAddressPage>({ queryKey: ADDRESS_LIST_KEY }, (page) => {
        if (!page?.rows.some((row) => row.id === id)) return page;
        return { rows: page.rows.filter((row) => row.id !== id), count: Math.max(0, page.count - 1) };
      });
      return { snapshot };
    },
    onError: (_error, _id, context) => {
      for (const [key, page] of context?.snapshot ?? []) queryClient.setQueryData(key, page);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADDRESS_LIST_KEY }),
  });
}
