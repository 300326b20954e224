import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { newGuid, reconfigurePath } from '../../catalog/configurator-paths';
import { configurationsApi } from '../api/configurations.api';

/** What My Configurations asks for: a page, and whether incomplete configurations are listed too. */
export type TMyConfigurationsQuery = { page: number; pageSize: number; isIncompleteShown: boolean };

/** One page of My Configurations, newest first; incomplete ones only when asked for. */
export const useMyConfigurations = ({ page, pageSize, isIncompleteShown }: TMyConfigurationsQuery) =>
  useQuery({
    queryKey: ['configurations', 'mine', { page, pageSize, isIncompleteShown }],
    queryFn: ({ signal }) =>
      configurationsApi.getConfigurations(
        {
          limit: pageSize,
          offset: (page - 1) * pageSize,
          order: ['createdDate', 'DESC'],
          ...(isIncompleteShown ? { includeIncomplete: true } : {}),
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * 'Copy to a new quote': a new configuration of the caller's with the saved one's choices, off any quote, opened in
 * the configurator, whose Finish puts it on a new quote. The saved one (an order's) stays as it is.
 */
export function useCopyConfiguration() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (source: { id: string; productId: number }) => {
      const configurationId = newGuid();
      await configurationsApi.copyConfiguration({ configurationId, productId: source.productId, copyOf: source.id });
      return { configurationId, productId: source.productId };
    },
    onSuccess: ({ configurationId, productId }) => navigate(reconfigurePath(productId, null, configurationId)),
  });
}
