import type { TStatusTypeInput } from '@cpq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { statusTypesApi } from '../api/status-types.api';

/** Status types are shared with the quote screens, so a change refetches every ['statusTypes'] entry. */
export const STATUS_TYPES_KEY = ['statusTypes'] as const;
export const STATUS_TYPE_LIST_KEY = ['statusTypes', 'list'] as const;

export function useSaveStatusType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, version }: { id: number | null; input: TStatusTypeInput; version?: number }) => {
      if (id === null) return statusTypesApi.createStatusType(input);
      const { pid: _pid, ...patch } = input;
      return statusTypesApi.updateStatusType(id, patch, version);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_TYPES_KEY }),
  });
}

export function useDeleteStatusType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => statusTypesApi.deleteStatusType(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STATUS_TYPES_KEY }),
  });
}
