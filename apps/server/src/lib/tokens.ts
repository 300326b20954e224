import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'open-cpq';

export type TSessionClaims = { username: string; sessionId: string; expiresAt: number };
export type TTicketClaims = { username: string; stayLoggedIn: boolean };

/** Signs a session token carrying the username, the session id (for revocation) and the expiry in seconds. */
export async function signSessionToken(secret: Uint8Array, claims: TSessionClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId, typ: 'session' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.username)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(claims.expiresAt)
    .sign(secret);
}

/** Verifies a session token; null when it is forged, expired or not a session token. */
export async function verifySessionToken(secret: Uint8Array, token: string): Promise<TSessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, { issuer: ISSUER, algorithms: ['HS256'] });
    if (payload.typ !== 'session' || typeof payload.sid !== 'string' || !payload.sub || !payload.exp) return null;
    return { username: payload.sub, sessionId: payload.sid, expiresAt: payload.exp };
  } catch {
    return null;
  }
}

/** The ticket between the password step and the code step of a multi-factor sign-in: no session, five minutes. */
export const TICKET_TTL_SECONDS = 5 * 60;

/** Signs a multi-factor sign-in ticket for a user who passed the password step (or just signed up). */
export async function signTicket(secret: Uint8Array, claims: TTicketClaims, nowSeconds: number): Promise<string> {
  return new SignJWT({ typ: 'mfa-ticket', stay: claims.stayLoggedIn })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.username)
    .setIssuer(ISSUER)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TICKET_TTL_SECONDS)
    .sign(secret);
}

/** Verifies a multi-factor ticket; null when it is forged, expired or of another kind. */
export async function verifyTicket(secret: Uint8Array, ticket: string, now: Date): Promise<TTicketClaims | null> {
  try {
    const { payload } = await jwtVerify(ticket, secret, { issuer: ISSUER, algorithms: ['HS256'], currentDate: now });
    if (payload.typ !== 'mfa-ticket' || !payload.sub) return null;
    return { username: payload.sub, stayLoggedIn: payload.stay === true };
  } catch {
    return null;
  }
}
