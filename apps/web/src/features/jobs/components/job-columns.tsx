import { JOB_QUEUE_LABEL, JOB_STATUS_LABEL, type TJob, type TJobStatus } from '@cpq/contracts';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TListColumn } from '../../../ui/generic-list';
import { StatusChip, type TStatusTone } from '../../../ui/status-chip';
import { formatDateTime } from '../logic/date-time';

const JOB_TONE: Record<TJobStatus, TStatusTone> = {
  pending: 'waiting',
  running: 'busy',
  done: 'success',
  dead: 'error',
};

export function JobStatusChip({ status }: { status: TJobStatus }) {
  return <StatusChip tone={JOB_TONE[status]} label={JOB_STATUS_LABEL[status]} />;
}

/**
 * The last error cut to `lines` lines; hovering shows it whole, and a click (or Enter) opens and closes it in place.
 */
export function LastError({ text, lines = 1 }: { text: string | null; lines?: number }) {
  const [isOpen, setIsOpen] = useState(false);
  if (!text) return <Typography color="text.secondary">—</Typography>;
  return (
    <Box
      component="button"
      type="button"
      title={isOpen ? undefined : text}
      aria-expanded={isOpen}
      onClick={(event) => {
        event.stopPropagation();
        setIsOpen((open) => !open);
      }}
      sx={{
        all: 'unset',
        display: 'block',
        width: '100%',
        cursor: 'pointer',
        color: 'error.main',
        typography: 'body2',
        borderRadius: 1,
        overflowWrap: 'anywhere',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: isOpen ? 'pre-wrap' : lines === 1 ? 'nowrap' : 'normal',
        ...(!isOpen && lines > 1
          ? { display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical' }
          : {}),
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {text}
    </Box>
  );
}

type TRetry = { busyId: number | null; onRetry: (job: TJob) => void };

/** 'Retry' on a failed (dead) job only: the others are waiting, running or done. */
export function RetryButton({ job, busyId, onRetry }: { job: TJob } & TRetry) {
  if (job.status !== 'dead') return null;
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<Replay />}
      loading={busyId === job.id}
      disabled={busyId !== null && busyId !== job.id}
      onClick={(event) => {
        event.stopPropagation();
        onRetry(job);
      }}
      aria-label={`Retry job ${job.id}`}
    >
      Retry
    </Button>
  );
}

const attemptsOf = (job: TJob) => `${job.attempts} / ${job.maxAttempts}`;
const nowrap = (text: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {text}
  </Box>
);

/** The jobs list's columns: #, Job, Subject, Status, Attempts, Last error, Updated and Retry. */
export function jobColumns(retry: TRetry): TListColumn<TJob>[] {
  return [
    { id: 'id', header: '#', size: 72, align: 'right' },
    { id: 'queue', header: 'Job', size: 190, cell: (job) => JOB_QUEUE_LABEL[job.queue] },
    { id: 'subject', header: 'Subject', size: 160, sortField: false },
    { id: 'status', header: 'Status', size: 124, cell: (job) => <JobStatusChip status={job.status} /> },
    { id: 'attempts', header: 'Attempts', size: 104, sortField: false, cell: (job) => nowrap(attemptsOf(job)) },
    {
      id: 'lastError',
      header: 'Last error',
      size: 230,
      sortField: false,
      cell: (job) => <LastError text={job.lastError} />,
    },
    { id: 'updatedAt', header: 'Updated', size: 184, cell: (job) => nowrap(formatDateTime(job.updatedAt)) },
    {
      id: 'retry',
      header: 'Actions',
      size: 140,
      sortField: false,
      cell: (job) => <RetryButton job={job} {...retry} />,
    },
  ];
}

/** One job as a card (card view and phones). */
export function JobCard({ job, ...retry }: { job: TJob } & TRetry) {
  return (
    <Stack sx={{ gap: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 650 }}>{JOB_QUEUE_LABEL[job.queue]}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {`#${job.id} · ${job.subject}`}
          </Typography>
        </Box>
        <JobStatusChip status={job.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {`Attempts ${attemptsOf(job)} · Updated ${formatDateTime(job.updatedAt)}`}
      </Typography>
      {job.lastError && <LastError text={job.lastError} lines={3} />}
      {job.status === 'dead' && (
        <Box>
          <RetryButton job={job} {...retry} />
        </Box>
      )}
    </Stack>
  );
}
