import type { TJobStatus } from '@cpq/contracts';
import { call } from '../../../lib/api';
import { routeQuery } from '../../../ui/generic-list';

/** The durable jobs that carry every ERP and CRM call: the list (optionally one status) and a retry. */
export const jobsApi = {
  getJobs: (status: TJobStatus | null) => routeQuery('administration/getJobs', status ? { status } : {}),
  retryJob: (id: number) => call('administration/retryJob', { id }),
};
