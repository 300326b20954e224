/**
 * Paths anyone may open signed out (spec route table). /MyProfile and /MyConfigurations are nominally public but
 * need a user, so visitors go to /Login there.
 */
const PUBLIC_PATHS = ['/', '/login', '/resetpassword'];

/** A path as the router matches it: case-insensitive, trailing slashes ignored. */
export const normalizePath = (pathname: string): string => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/** The configurator is open to visitors: it asks them for an e-mail address before it saves anything. */
export const isConfiguratorPath = (path: string): boolean =>
  path === '/configurator' || path.startsWith('/configurator/');

/** A customer's quote link (/q/<token>): public, outside the app's shell. */
export const isQuoteLinkPath = (path: string): boolean => /^\/q\/[^/]+$/.test(path);

/** True when a signed-out visitor may stay on this path. */
export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return PUBLIC_PATHS.includes(path) || isConfiguratorPath(path) || isQuoteLinkPath(path);
}
