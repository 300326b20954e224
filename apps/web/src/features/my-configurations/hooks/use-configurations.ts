import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { configurationsApi } from '../api/configurations.api';

/** One page of My Configurations, newest first. */
export const useMyConfigurations = ({ page, pageSize }: { page: number; pageSize: number }) =>
  useQuery({
    queryKey: ['configurations', 'mine', { page, pageSize }],
    queryFn: ({ signal }) =>
      configurationsApi.getConfigurations(
        { limit: pageSize, offset: (page - 1) * pageSize, order: ['createdDate', 'DESC'] },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
