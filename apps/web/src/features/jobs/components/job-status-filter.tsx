import { JOB_STATUS_LABEL, type TJobStatus } from '@cpq/contracts';
import MenuItem from '@mui/material/MenuItem';
import { LazySelectField } from '../../../ui/lazy-select-field';

/** The filter's choices: all jobs, then the failed ones first (the dead letters this screen is for). */
const CHOICES: { value: TJobStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'dead', label: JOB_STATUS_LABEL.dead },
  { value: 'pending', label: JOB_STATUS_LABEL.pending },
  { value: 'running', label: JOB_STATUS_LABEL.running },
  { value: 'done', label: JOB_STATUS_LABEL.done },
];

type TJobStatusFilterProps = { value: TJobStatus | null; onChange: (status: TJobStatus | null) => void };

/** Status: All, Failed, Waiting, Running or Done. */
export function JobStatusFilter({ value, onChange }: TJobStatusFilterProps) {
  return (
    <LazySelectField
      label="Status"
      value={value ?? 'all'}
      onChange={(event) => onChange(event.target.value === 'all' ? null : (event.target.value as TJobStatus))}
      sx={{ width: { xs: '100%', md: 160 }, order: { xs: -1, md: 0 } }}
    >
      {CHOICES.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </LazySelectField>
  );
}
