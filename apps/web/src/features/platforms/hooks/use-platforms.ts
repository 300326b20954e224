import type { TPlatformInput } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformsApi } from '../api/platforms.api';

export const PLATFORM_LIST_KEY = ['platforms', 'list'] as const;

/** One platform's settings; a level-5 administrator may open only their own. */
export const usePlatform = (pid: string | undefined) =>
  useQuery({
    queryKey: ['platforms', 'one', pid],
    queryFn: () => platformsApi.getPlatform(pid ?? ''),
    enabled: Boolean(pid),
  });

/**
 * Creates a platform, or updates one (the id cannot change). Every ['platforms'] entry refetches, the session's
 * own platform included, so that a new multi-factor requirement applies at once.
 */
export function useSavePlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      save: { isCreate: true; input: TPlatformInput } | { isCreate: false; input: TPlatformInput; version: number },
    ) => {
      if (save.isCreate) return platformsApi.createPlatform(save.input);
      const { id, ...patch } = save.input;
      return platformsApi.updatePlatform(id, patch, save.version);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['platforms'] }),
  });
}
