import { msgAddedToQuote, type TProductView } from '@cpq/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogApi } from '../api/catalog.api';
import { newGuid } from '../configurator-paths';

export type TCatalogPage = { search: string; page: number; pageSize: number };

/** One page of the catalog (products flagged showInCatalog), searched on the server. */
export const useCatalogProducts = ({ search, page, pageSize }: TCatalogPage) =>
  useQuery({
    queryKey: ['products', 'catalog', { search, page, pageSize }],
    queryFn: ({ signal }) =>
      catalogApi.getProducts(
        { showInCatalog: true, search: search || undefined, limit: pageSize, offset: (page - 1) * pageSize },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** How many quick-configure cards the home page lists; the catalog holds every product. */
export const QUICK_CONFIG_LIMIT = 12;

/** The configurable products flagged isQuickConfig, for the inline card list. */
export const useQuickConfigProducts = () =>
  useQuery({
    queryKey: ['products', 'quickConfig'],
    queryFn: ({ signal }) =>
      catalogApi.getProducts({ isQuickConfig: true, isNonConfigurable: false, limit: QUICK_CONFIG_LIMIT }, signal),
  });

export type TAddedLine = { quoteId: number; partNumber: string; message: string };

/**
 * Adds a fixed-price product to the quote as one line; without a quote it first creates one. Answers where the line
 * went and the spec's success message.
 */
export function useAddFixedPriceProduct(quoteId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (product: TProductView): Promise<TAddedLine> => {
      const targetId = quoteId ?? (await catalogApi.createQuote(newGuid())).id;
      const line = await catalogApi.createLine({ _id: newGuid(), quoteId: targetId, productId: product.ID });
      const partNumber = line.partNumber ?? product.ProductNumber;
      return { quoteId: targetId, partNumber, message: msgAddedToQuote(partNumber, targetId) };
    },
    onSuccess: ({ quoteId: targetId }) => queryClient.invalidateQueries({ queryKey: ['quotes', targetId] }),
  });
}
