import type { TDbOrTx } from '../db/client';
import type { TActor } from '../lib/actor';
import { type TSessionClaims, verifySessionToken } from '../lib/tokens';
import { findLiveSessionCaller } from './actor.repository';

/** How many verified tokens a process remembers per secret (a token is a few hundred bytes). */
export const VERIFIED_TOKENS_CAPACITY = 10_000;

const verifiedTokens = new WeakMap<Uint8Array, Map<string, TSessionClaims>>();

/**
 * A session token's claims, verified with `secret`: a token this process verified before is not verified again
 * (its signature cannot change; the check goes through WebCrypto's thread pool and was a third of a configure
 * step), only its expiry is checked again, against the real clock as the verification does. Only what says whether
 * the token is genuine is remembered: whether its session is still live is checked on every request (actors.ts).
 */
export async function verifiedClaims(secret: Uint8Array, token: string): Promise<TSessionClaims | null> {
  let known = verifiedTokens.get(secret);
  if (!known) {
    known = new Map();
    verifiedTokens.set(secret, known);
  }
  const remembered = known.get(token);
  if (remembered) {
    if (remembered.expiresAt * 1000 > Date.now()) return remembered;
    known.delete(token);
    return null;
  }
  const claims = await verifySessionToken(secret, token);
  if (!claims) return null;
  known.set(token, claims);
  while (known.size > VERIFIED_TOKENS_CAPACITY) {
    const oldest = known.keys().next().value;
    if (oldest === undefined) break;
    known.delete(oldest);
  }
  return claims;
}

/** The verified claims of an `Authorization: Bearer <token>` header, or null. */
export async function bearerClaims(
  secret: Uint8Array,
  authorization: string | undefined,
): Promise<TSessionClaims | null> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ? verifiedClaims(secret, match[1]) : null;
}

/** A live session's caller, and when the session expires (ms since the epoch). */
export type TSessionActor = { actor: TActor; expiresAt: number };

/**
 * The caller of the session `claims` name, read from the database: null unless the session exists, is unrevoked
 * and unexpired at `now`, and still belongs to the user the token was issued to (a renamed user signs in again).
 */
export async function findSessionActor(db: TDbOrTx, claims: TSessionClaims, now: Date): Promise<TSessionActor | null> {
  const row = await findLiveSessionCaller(db, claims.sessionId, now);
  if (!row || row.username !== claims.username) return null;
  const { expiresAt, ...actor } = row;
  return { actor, expiresAt: expiresAt.getTime() };
}

/**
 * Resolves a bearer token to the caller: the token must verify, and its session must exist, be unrevoked and
 * unexpired, so sign-out and password changes take effect at once. Null for anything else. Reads the session
 * (with the user's role) every time; requests go through `TActors` (actors.ts), which keeps callers only where
 * it learns of every change in time.
 */
export async function resolveActor(
  db: TDbOrTx,
  secret: Uint8Array,
  authorization: string | undefined,
  now: Date,
): Promise<TActor | null> {
  const claims = await bearerClaims(secret, authorization);
  if (!claims) return null;
  return (await findSessionActor(db, claims, now))?.actor ?? null;
}
