import type { TPriceListInput } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSave } from '../../../lib/api';
import { priceListsApi } from '../api/price-lists.api';

/** Price lists are offered on the customer form too, so a change refetches every ['priceLists'] entry. */
export const PRICE_LISTS_KEY = ['priceLists'] as const;
export const PRICE_LIST_LIST_KEY = ['priceLists', 'list'] as const;

/** The platform's price lists to choose from (the customer form's select), by name. */
export const usePriceListChoices = () =>
  useQuery({
    queryKey: [...PRICE_LISTS_KEY, 'choices'],
    queryFn: ({ signal }) => priceListsApi.getPriceLists({ limit: 200, offset: 0, order: ['name', 'ASC'] }, signal),
  });

export function useSavePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TSave<TPriceListInput>) => {
      if (save.id === null) return priceListsApi.createPriceList(save.input);
      const { pid: _pid, ...patch } = save.input;
      return priceListsApi.updatePriceList(save.id, patch, save.version);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICE_LISTS_KEY }),
  });
}

export function useDeletePriceList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => priceListsApi.deletePriceList(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PRICE_LISTS_KEY }),
  });
}

/** The priced values of a product's current model (none for a fixed-price product), for an entry to name one. */
export const usePricedValues = (productId: number | null) =>
  useQuery({
    queryKey: [...PRICE_LISTS_KEY, 'pricedValues', productId],
    queryFn: ({ signal }) => priceListsApi.getPricedValues(productId ?? 0, signal),
    enabled: productId !== null,
    staleTime: 60_000,
  });
