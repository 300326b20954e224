import type { TRequestOf } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { platformsApi } from '../api/platforms.api';

const settingsKey = (pid: string) => ['platforms', 'one', pid, 'integrations'] as const;

/** A platform's ERP and CRM connection settings (never their secrets: only whether one is stored). */
export const useIntegrationSettings = (pid: string) =>
  useQuery({
    queryKey: settingsKey(pid),
    queryFn: ({ signal }) => platformsApi.getIntegrationSettings(pid, signal),
  });

/** Saves the connections; the answer (again without secrets) replaces the cached settings. */
export function useSaveIntegrationSettings(pid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TRequestOf<'platformManagement/updateIntegrationSettings'>, 'id'>) =>
      platformsApi.updateIntegrationSettings({ id: pid, ...body }),
    onSuccess: (saved) => client.setQueryData(settingsKey(pid), saved),
  });
}
