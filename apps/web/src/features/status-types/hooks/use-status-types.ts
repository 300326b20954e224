import type { TStatusTypeInput } from '@cpq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSave } from '../../../lib/api';
import { statusTypesApi } from '../api/status-types.api';

/** Status types are shared with the quote screens, so a change refetches every ['statusTypes'] entry. */
export const STATUS_TYPES_KEY = ['statusTypes'] as const;
export const STATUS_TYPE_LIST_KEY = ['statusTypes', 'list'] as const;

export function useSaveStatusType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: TSave<TStatusTypeInput>) => {
      if (save.id === null) return statusTypesApi.createStatusType(save.input);
      const { pid: _pid, ...patch } = save.input;
      return statusTypesApi.updateStatusType(save.id, patch, save.version);
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
