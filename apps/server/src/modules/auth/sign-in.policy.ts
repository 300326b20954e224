import { SUPER_ADMIN_LEVEL } from '@cpq/contracts';

/** Multi-factor applies when the user turned it on or their platform requires it. */
export const needsMfa = (user: { enableMfa: boolean }, platform: { requireMfa: boolean }): boolean =>
  user.enableMfa || platform.requireMfa;

/** True when the user has a confirmed authenticator. */
export const hasAuthenticator = (user: { mfaSecret: string | null }): boolean =>
  user.mfaSecret !== null && user.mfaSecret !== '';

/** The secret the code step checks: the enrolled one, else an unexpired pending one (first sign-in enrolment). */
export function secretForCode(
  user: { mfaSecret: string | null; mfaPendingSecret: string | null; mfaPendingExpiresAt: Date | null },
  now: Date,
): { secret: string; isPending: boolean } | null {
  if (hasAuthenticator(user)) return { secret: user.mfaSecret as string, isPending: false };
  const isPendingLive = user.mfaPendingExpiresAt !== null && user.mfaPendingExpiresAt > now;
  return user.mfaPendingSecret && isPendingLive ? { secret: user.mfaPendingSecret, isPending: true } : null;
}

/** Administrators act on users of their own platform; level 9 on any. */
export const canManageUserOf = (actor: { roleLevel: number; pid: string }, target: { pid: string }): boolean =>
  actor.roleLevel >= SUPER_ADMIN_LEVEL || actor.pid === target.pid;
