import type { TShareStatus } from '@cpq/contracts';
import type { TStatusTone } from '../../../ui/status-chip';

/** How a link's status reads on its badge: the word and a tone, so colour is not the only signal. */
export const SHARE_STATUS_BADGES: Record<TShareStatus, { label: string; tone: TStatusTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'waiting' },
  revoked: { label: 'Revoked', tone: 'error' },
  superseded: { label: 'Superseded', tone: 'waiting' },
  accepted: { label: 'Accepted', tone: 'success' },
};

/** A browser's user agent as a reader names it ('Chrome on Android'); the raw text when nothing is recognised. */
export function browserName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? null;
  const system =
    [
      ['Android', 'Android'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([token]) => userAgent.includes(token as string))?.[1] ?? null;
  if (!browser) return userAgent.slice(0, 80);
  return system ? `${browser} on ${system}` : browser;
}
