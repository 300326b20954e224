import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS } from '@cpq/contracts';

const DAY_MS = 24 * 3600 * 1000;

/** A local calendar date as the date input shows it (YYYY-MM-DD). */
export function toDateInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The date field's first value: SHARE_DEFAULT_DAYS from today. */
export const defaultExpiryDate = (now: Date = new Date()): string =>
  toDateInput(new Date(now.getTime() + SHARE_DEFAULT_DAYS * DAY_MS));

/** The last date the field accepts: SHARE_MAX_DAYS from today (the server refuses later ones). */
export const maxExpiryDate = (now: Date = new Date()): string =>
  toDateInput(new Date(now.getTime() + SHARE_MAX_DAYS * DAY_MS));

/**
 * The link's last moment for a chosen date: the end of that day where the rep is (the link works all of it), as ISO
 * 8601; or the reason the date cannot be used.
 */
export function expiryOf(value: string, now: Date = new Date()): { iso: string } | { error: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { error: 'Enter the date the link stops working.' };
  const end = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) {
    return { error: 'Choose today or a later date.' };
  }
  if (value > maxExpiryDate(now)) {
    return { error: `A link can work for at most ${SHARE_MAX_DAYS} days. Choose an earlier date.` };
  }
  return { iso: end.toISOString() };
}
