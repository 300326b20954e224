import { DOWNLOAD_LINK_TTL_SECONDS } from '@cpq/contracts';
import { jwtVerify, SignJWT } from 'jose';

const ISSUER = 'open-cpq';
const TYPE = 'file-link';

/** What a download link carries: the document and the user it was issued to. */
export type TFileLinkClaims = { documentId: number; userId: number };

/**
 * Signs a download link token (HS256 with the server's token secret), valid for `DOWNLOAD_LINK_TTL_SECONDS` from
 * `now`. It is bound to one document and one user: the user's access is checked again when the link is fetched.
 */
export async function signFileLink(
  secret: Uint8Array,
  claims: TFileLinkClaims,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + DOWNLOAD_LINK_TTL_SECONDS;
  const token = await new SignJWT({ typ: TYPE, doc: claims.documentId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(secret);
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** Verifies a download link token at `now`; null when it is forged, altered, expired or another kind of token. */
export async function verifyFileLink(secret: Uint8Array, token: string, now: Date): Promise<TFileLinkClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      clockTolerance: 0,
    });
    const userId = Number(payload.sub);
    if (payload.typ !== TYPE || typeof payload.doc !== 'number' || !Number.isSafeInteger(userId)) return null;
    return { documentId: payload.doc, userId };
  } catch {
    return null;
  }
}

/**
 * `Content-Disposition` for a download under `name`: an ASCII fallback in `filename` and the exact name, percent
 * encoded, in `filename*` (RFC 5987 / RFC 6266).
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
