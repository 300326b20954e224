import type { TRequestOf, TRma } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rmasApi } from '../api/rmas.api';

/** While an RMA is on its way to the ERP, the order's RMAs are read again this often. */
export const RMA_POLL_MS = 3_000;

export const rmasKey = (quoteId: number) => ['quotes', quoteId, 'rmas'] as const;

const isSubmitting = (rows: TRma[] | undefined): boolean => Boolean(rows?.some((rma) => rma.status === 'submitting'));

/**
 * The RMAs of an order, read only once it has any (`isEnabled`: the order's rmaCreated). Polled every 3 s while one
 * is still being sent to the ERP, and no longer once none is.
 */
export function useRmas(quoteId: number, isEnabled: boolean) {
  return useQuery({
    queryKey: rmasKey(quoteId),
    queryFn: ({ signal }) => rmasApi.getRmas(quoteId, signal),
    enabled: isEnabled,
    refetchInterval: (query) => (isSubmitting(query.state.data?.rows) ? RMA_POLL_MS : false),
  });
}

type TRmaLine = TRequestOf<'quoteManagement/createRMAs'>['data']['lines'][number];

/** Returns one line of an order; the order (rmaCreated on it and the line) and its RMAs are read again. */
export function useCreateRma(quoteId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (line: TRmaLine) => rmasApi.createRmas({ quoteId, lines: [line] }),
    onSuccess: async (result) => {
      client.setQueryData(rmasKey(quoteId), (old: { rows: TRma[] } | undefined) => ({
        rows: [...(old?.rows ?? []).filter((rma) => !result.rows.some((row) => row.id === rma.id)), ...result.rows],
      }));
      await Promise.all([
        client.invalidateQueries({ queryKey: ['quotes', quoteId], exact: true }),
        client.invalidateQueries({ queryKey: rmasKey(quoteId), exact: true }),
      ]);
    },
  });
}
