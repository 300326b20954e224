import { MFA } from '@cpq/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

const totpFor = (secret: string, username: string) =>
  new TOTP({
    issuer: MFA.issuer,
    label: username,
    algorithm: MFA.algorithm,
    digits: MFA.digits,
    period: MFA.periodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** A new random base32 secret (160 bits, as RFC 4226 recommends). */
export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The enrolment a person scans: the secret, its otpauth:// URL, and that URL as a PNG data URL. */
export async function enrollmentFor(secret: string, username: string) {
  const otpauthUrl = totpFor(secret, username).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl, qrCode };
}

/**
 * Checks a code against the secret with one step of clock drift either way. Returns the time step the code
 * belongs to, so the caller can refuse a code whose step is not after the last one used; null when wrong.
 */
export function matchTotpStep(secret: string, username: string, code: string, now: Date): number | null {
  const totp = totpFor(secret, username);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / MFA.periodSeconds) + delta;
}

/** The current code for a secret (for tests and the demo's documentation). */
export function currentTotp(secret: string, username: string, now: Date): string {
  return totpFor(secret, username).generate({ timestamp: now.getTime() });
}
