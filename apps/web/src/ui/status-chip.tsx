import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactElement } from 'react';

/** What a state means to the reader: under way, done, failed, or waiting its turn. */
export type TStatusTone = 'busy' | 'success' | 'error' | 'waiting';

const TONES: Record<TStatusTone, { color: 'info' | 'success' | 'error' | 'default'; icon: ReactElement }> = {
  busy: { color: 'info', icon: <CircularProgress size={12} thickness={6} color="inherit" aria-hidden /> },
  success: { color: 'success', icon: <CheckCircleOutline /> },
  error: { color: 'error', icon: <ErrorOutline /> },
  waiting: { color: 'default', icon: <ScheduleOutlined /> },
};

/**
 * A small outlined chip for the state of something sent to another system, with an icon (a spinner while under
 * way) so that colour is not the only signal. Text uses the darker shade in light mode for AA contrast.
 */
export function StatusChip({ tone, label, ariaLabel }: { tone: TStatusTone; label: string; ariaLabel?: string }) {
  const { color, icon } = TONES[tone];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      icon={icon}
      label={label}
      aria-label={ariaLabel}
      sx={(theme) => ({
        fontWeight: 600,
        maxWidth: '100%',
        ...(color === 'info' && theme.palette.mode === 'light'
          ? { color: theme.palette.info.dark, borderColor: theme.palette.info.dark }
          : {}),
        '& .MuiChip-icon': { color: 'inherit', ml: '6px' },
      })}
    />
  );
}
