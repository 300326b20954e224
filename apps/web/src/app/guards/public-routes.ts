/** Paths anyone may open signed out (spec route table). /MyProfile is nominally public but needs a user. */
const PUBLIC_PATHS = ['/', '/login', '/resetpassword'];

/** True when a signed-out visitor may stay on this path. Router matching is case-insensitive, so this is too. */
export function isPublicPath(pathname: string): boolean {
  const normalized = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  return PUBLIC_PATHS.includes(normalized);
}
