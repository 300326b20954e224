import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSessionToken } from '../lib/tokens';
import { verifiedClaims } from './actor';

const secret = new TextEncoder().encode('a-secret-that-is-long-enough-for-hs256-signing');
const otherSecret = new TextEncoder().encode('another-secret-long-enough-for-hs256-signing!');

afterEach(() => {
  vi.useRealTimers();
});

async function tokenFor(sessionId: string, expiresInSeconds: number): Promise<string> {
  const expiresAt = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return signSessionToken(secret, { username: 'ann', sessionId, expiresAt });
}

describe('verifiedClaims (the verified-token memory under resolveActor)', () => {
  it('answers the same claims for a token seen before, and refuses it once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await tokenFor('s-1', 60);
    const claims = await verifiedClaims(secret, token);
    expect(claims).toMatchObject({ username: 'ann', sessionId: 's-1' });
    expect(await verifiedClaims(secret, token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await verifiedClaims(secret, token)).toBeNull();
    expect(await verifiedClaims(secret, token)).toBeNull();
  });

  it('never remembers a token for another secret, nor a forged or altered one', async () => {
    const token = await tokenFor('s-2', 60);
    expect(await verifiedClaims(secret, token)).not.toBeNull();
    expect(await verifiedClaims(otherSecret, token)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    expect(await verifiedClaims(secret, altered)).toBeNull();
    expect(await verifiedClaims(secret, 'not-a-token')).toBeNull();
  });
});
