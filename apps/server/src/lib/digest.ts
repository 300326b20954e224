import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The SHA-256 of a string as hex: how one-time secrets (reset ids) are stored, so a database leak reveals none. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two strings in time independent of where they differ (both are hashed first, so lengths match). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** A random URL-safe token of `bytes` random bytes (32 bytes: 43 characters). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
