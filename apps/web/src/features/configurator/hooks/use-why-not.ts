import type { TConfigureResult } from '@cpq/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { configuratorApi } from '../api/configurator.api';

export type TWhyNotTarget = { optionId: string; value: string; valueCaption: string };

/** Why a value is disabled, for the state the page shows (`stateKey` changes with every answer). */
export const useExplain = (sessionId: string, target: TWhyNotTarget | null, stateKey: number) =>
  useQuery({
    queryKey: ['configurator', sessionId, 'explain', target?.optionId, target?.value, stateKey],
    queryFn: () => configuratorApi.explain({ sessionId, id: target?.optionId ?? '', value: target?.value ?? null }),
    enabled: target !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The why-not panel's one action: choose the value with the fewest changes the engine suggests. */
export const useForceChoice = (sessionId: string, onApplied: (result: TConfigureResult) => void) =>
  useMutation({
    mutationFn: (target: TWhyNotTarget) =>
      configuratorApi.configure({ sessionId, id: target.optionId, value: target.value, force: true }),
    onSuccess: onApplied,
  });
