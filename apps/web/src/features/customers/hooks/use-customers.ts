import type { TCustomerInput } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSave } from '../../../lib/api';
import { customersApi } from '../api/customers.api';

export const CUSTOMER_LIST_KEY = ['customers', 'list'] as const;

/** One customer with the billing address, fresh when the panel opens (the list row may be stale). */
export const useCustomer = (id: number | null) =>
  useQuery({ queryKey: ['customers', id], queryFn: () => customersApi.getCustomer(id ?? 0), enabled: id !== null });

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TSave<TCustomerInput>) => {
      if (save.id === null) return customersApi.createCustomer(save.input);
      const { pid: _pid, ...patch } = save.input;
      return customersApi.updateCustomer(save.id, patch, save.version);
    },
    onSuccess: (customer) => {
      queryClient.setQueryData(['customers', customer.id], customer);
      void queryClient.invalidateQueries({ queryKey: CUSTOMER_LIST_KEY });
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => customersApi.deleteCustomer(id),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: ['customers', id] });
      void queryClient.invalidateQueries({ queryKey: CUSTOMER_LIST_KEY });
    },
  });
}
