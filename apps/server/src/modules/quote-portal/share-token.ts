import { randomToken, sha256Hex } from '../../lib/digest';

/**
 * A quote link's token is kept only as its SHA-256 (hex): the database and its backups can list links but open none.
 */
export const hashShareToken = (token: string): string => sha256Hex(token);

/** A new link's token (32 random bytes in base64url, 43 characters) and the hash that is stored. */
export function newShareToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: hashShareToken(token) };
}
