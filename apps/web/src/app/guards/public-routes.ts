/** Paths anyone may open signed out (spec route table). /MyProfile is nominally public but needs a user. */
const PUBLIC_PATHS = ['/', '/login', '/resetpassword'];

/** A path as the router matches it: case-insensitive, trailing slashes ignored. */
export const normalizePath = (pathname: string): string => pathname.replace(/\/+$/, '').toLowerCase() || '/';

/** True when a signed-out visitor may stay on this path. */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalizePath(pathname));
}
