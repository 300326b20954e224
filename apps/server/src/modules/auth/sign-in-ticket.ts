import { MSG } from '@cpq/contracts';
import type { TAppDeps } from '../../deps';
import { AppError } from '../../lib/app-error';
import { verifyTicket } from '../../lib/tokens';
import { findSignInUser } from './credentials.repository';
import { isKnownSource } from './sessions.repository';
import { checkSignInThrottle } from './sign-in-throttle';

/**
 * The user a sign-in ticket (from the password step or sign-up) was issued to, once the ticket is valid at `now`
 * for `username` and the sign-in throttle lets this attempt through; a bad or stale ticket answers MSG.sessionExpired.
 * Shared by the steps that follow the password: the mailed code and the authenticator code.
 */
export async function ticketHolder(deps: TAppDeps, body: { username: string; secret: string }, ip: string, now: Date) {
  const ticket = await verifyTicket(deps.config.tokenSecret, body.secret, now);
  if (!ticket || ticket.username.toLowerCase() !== body.username) {
    throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  }
  const found = await findSignInUser(deps.db, ticket.username);
  if (!found) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  const isKnown = await isKnownSource(deps.db, found.user.id, ip);
  await checkSignInThrottle(deps, { username: body.username, ip, isKnownSource: isKnown });
  return { ticket, found };
}
