import { EM_DASH, formatDate } from '@cpq/contracts';

/** A moment as MM/DD/YYYY h:mm AM/PM in the viewer's time zone; empty or invalid gives an em dash. */
export function formatDateTime(date: string | Date | null | undefined): string {
  const value = date ? new Date(date) : null;
  if (!value || Number.isNaN(value.getTime())) return EM_DASH;
  const hours = value.getHours();
  const minutes = String(value.getMinutes()).padStart(2, '0');
  return `${formatDate(value)} ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}
