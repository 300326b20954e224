import { normalizePath } from '../../../app/guards/public-routes';

/** Where a fresh sign-in lands when nothing else was asked for (spec: the quote dashboard). */
export const AFTER_SIGN_IN_PATH = '/QuoteDashboard';

/**
 * What a link or the session guard hands /Login: the path and query to come back to, and the address the visitor
 * already typed (the sign-in form starts with it).
 */
export type TReturnState = { from: string; username?: string };

/** The guard's state for /Login, from the location it turned the visitor away from. */
export const returnStateOf = (location: { pathname: string; search: string }): TReturnState => ({
  from: `${location.pathname}${location.search}`,
});

/** A path of this app: no scheme, no host ('//host' is another site). */
const isAppPath = (path: string): boolean => path.startsWith('/') && !path.startsWith('//');

/**
 * Where a sign-in on this screen goes: back to the page the guard turned the visitor away from, with its query (a CRM
 * hand-off, say); or, when the login form stands in for a page that has a query (`/?opportunityId=…`), that same
 * URL; else the quote dashboard.
 */
export function signInReturnPath(location: { pathname: string; search: string; state?: unknown }): string {
  const from = (location.state as Partial<TReturnState> | null | undefined)?.from;
  if (typeof from === 'string' && isAppPath(from) && normalizePath(from.split('?')[0] ?? '') !== '/login') return from;
  if (location.search && normalizePath(location.pathname) !== '/login') return `${location.pathname}${location.search}`;
  return AFTER_SIGN_IN_PATH;
}

/** The address a link to /Login passed on, so that the visitor does not type it twice; '' when none. */
export function signInUsername(location: { state?: unknown }): string {
  const username = (location.state as Partial<TReturnState> | null | undefined)?.username;
  return typeof username === 'string' ? username : '';
}
