import { isDatabaseId, MSG, type TProductInput, type TProductView } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSave } from '../../../lib/api';
import { ApiError, hasCode } from '../../../lib/api';
import { productsApi, uploadImage } from '../api/products.api';

/**
 * The product a route names: /Products/edit/{id} from the list, /Products/edit/{partNumber} from the phone card.
 * A number that can be an id is tried as one first, then (like any other text) as an exact part number.
 */
export async function findProduct(ref: string): Promise<TProductView> {
  if (/^\d+$/.test(ref) && isDatabaseId(Number(ref))) {
    try {
      return await productsApi.getProduct(Number(ref));
    } catch (error) {
      if (!hasCode(error, 'NOT_FOUND')) throw error;
    }
  }
  const page = await productsApi.getProducts({ search: ref, limit: 50 });
  const product = page.rows.find((row) => row.ProductNumber === ref);
  if (!product) throw new ApiError(MSG.notFound, 'NOT_FOUND', 404);
  return product;
}

export const useProduct = (ref: string | undefined) =>
  useQuery({
    queryKey: ['products', 'ref', ref],
    queryFn: () => findProduct(ref ?? ''),
    enabled: Boolean(ref),
  });

/** Demo models and every uploaded version: the choices of the configuration-model picker. */
export const useModels = (isEnabled = true) =>
  useQuery({ queryKey: ['productModels'], queryFn: productsApi.getModels, enabled: isEnabled, staleTime: 60_000 });

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TSave<TProductInput>) => {
      if (save.id === null) return productsApi.createProduct(save.input);
      const { pid: _pid, ...patch } = save.input;
      return productsApi.updateProduct(save.id, patch, save.version);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

export function useSaveModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, model }: { productId: number; model: Record<string, unknown> }) =>
      productsApi.saveModel(productId, model),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['productModels'] });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => productsApi.deleteProduct(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
