import Box from '@mui/material/Box';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'just now', '5 minutes ago', 'in 3 days': the largest whole unit between `iso` and `now`. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** 'Dec 7, 2026, 5:40 AM' in the reader's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : exact.format(date);
}

/** A moment as relative time, with the exact date and time on hover (and for screen readers, as the element's title). */
export function RelativeTime({ iso }: { iso: string }) {
  const full = formatDateTime(iso);
  return (
    <Box component="time" dateTime={iso} title={full} sx={{ textDecoration: 'underline dotted', cursor: 'help' }}>
      {formatRelativeTime(iso)}
    </Box>
  );
}
