import { useMutation, useQueryClient } from '@tanstack/react-query';
import { jobsApi } from '../api/jobs.api';

/** The jobs list's query key prefix (the status filter and the paged query are appended). */
export const JOBS_LIST_KEY = ['jobs', 'list'] as const;

/** Runs a failed job again from its first attempt; the list is read again. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => jobsApi.retryJob(id),
    onSuccess: () => client.invalidateQueries({ queryKey: JOBS_LIST_KEY }),
  });
}
