import { MFA } from '@cpq/contracts';
import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = MFA.periodSeconds * 1000;
const stepAt = (ms: number): number => Math.floor(ms / PERIOD_MS);

/**
 * A test's authenticator app for one secret. The server accepts each time step once and only steps after the last
 * one used, but with one step of clock drift either way, so a second code is taken from the next step (accepted at
 * once); only a third code in the same 30 s needs a wait for the clock.
 */
export class Authenticator {
  private readonly totp: TOTP;
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(readonly secret: string) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(secret.replace(/\s+/g, '')),
      algorithm: MFA.algorithm,
      digits: MFA.digits,
      period: MFA.periodSeconds,
    });
  }

  /** A code the server has not seen yet: the current step's, else the next step's, waiting when even that is used. */
  async nextCode(): Promise<string> {
    const now = stepAt(Date.now());
    const step = Math.max(now, this.lastStep + 1);
    if (step > now + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_MS - Date.now() + 50));
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }

  /** A six-digit code that is certainly wrong now (none of the steps the server would accept). */
  wrongCode(): string {
    const now = Date.now();
    const accepted = new Set([-1, 0, 1].map((delta) => this.totp.generate({ timestamp: now + delta * PERIOD_MS })));
    for (let candidate = 123456; ; candidate += 1) {
      const code = String(candidate).padStart(6, '0');
      if (!accepted.has(code)) return code;
    }
  }
}

/** '123456' as the code field shows it: '123 456'. */
export const spaced = (code: string): string => `${code.slice(0, 3)} ${code.slice(3)}`;
