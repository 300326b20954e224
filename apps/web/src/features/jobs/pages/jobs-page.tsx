import { JOB_STATUS_LABEL, type TJob, type TJobStatus } from '@cpq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { GenericList } from '../../../ui/generic-list';
import { RefreshButton } from '../../../ui/refresh-button';
import { useToast } from '../../../ui/use-toast';
import { jobsApi } from '../api/jobs.api';
import { JobCard, jobColumns } from '../components/job-columns';
import { JobStatusFilter } from '../components/job-status-filter';
import { JOBS_LIST_KEY, useRetryJob } from '../hooks/use-jobs';

const EMPTY_ALL = {
  title: 'No integration jobs yet',
  description:
    'Every call to the ERP or the CRM (orders, RMAs, status reads, quote syncs) runs here as a job and is retried by itself. One that keeps failing stays here as Failed until you retry it.',
};

/**
 * /Jobs: the calls to remote systems and where each stands, newest first; a failed (dead) job can be run again.
 * Administrators see their platform's; level 9 everyone's.
 */
export function JobsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const retry = useRetryJob();
  const [status, setStatus] = useState<TJobStatus | null>(null);
  const busyId = retry.isPending ? (retry.variables ?? null) : null;

  const handleRetry = (job: TJob) =>
    retry.mutate(job.id, {
      onSuccess: () => toast.success(`Job #${job.id} will run again now.`),
      onError: (error) => toast.error(errorText(error)),
    });
  const retryProps = { busyId, onRetry: handleRetry };

  return (
    <GenericList<TJob>
      listId="jobs"
      title="Integration Jobs"
      subtitle="Calls to the ERP, the CRM and the mail server. Failed ones stop here until you retry them."
      queryKey={[...JOBS_LIST_KEY, status ?? 'all']}
      query={jobsApi.getJobs(status)}
      columns={jobColumns(retryProps)}
      getRowId={(job) => job.id}
      getRowLabel={(job) => `Job #${job.id}`}
      renderCard={(job) => <JobCard job={job} {...retryProps} />}
      back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
      searchPlaceholder="Search subject, key or error"
      toolbarActions={
        <>
          <JobStatusFilter value={status} onChange={setStatus} />
          <RefreshButton onRefresh={() => void queryClient.invalidateQueries({ queryKey: JOBS_LIST_KEY })} />
        </>
      }
      emptyState={
        status === null
          ? EMPTY_ALL
          : {
              title: `No ${JOB_STATUS_LABEL[status].toLowerCase()} jobs`,
              description: 'Choose All to see every call to the ERP and the CRM.',
            }
      }
    />
  );
}
