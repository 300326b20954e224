import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platforms } from '../db/schema';
import { createUser } from '../testing/factories';
import { createTestApp, type TTestApp } from '../testing/test-app';
import { cspDirectives, HSTS, inlineScriptHashes } from './security-headers';

const webIndex = readFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8');

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const scriptSrc = (csp: string) => csp.split(';').find((part) => part.trim().startsWith('script-src '));

describe('content security policy', () => {
  it("hashes the boot frame's inline script, and only inline scripts", () => {
    const inline = webIndex.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? '';
    expect(inline).toContain('sessionStorage');
    const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(inlineScriptHashes(webIndex)).toEqual([expected]);
    expect(cspDirectives([expected])['script-src']).toEqual(["'self'", expected]);
  });

  it('lets in Stripe’s script, API and card frames only when Stripe is the card provider', () => {
    const off = cspDirectives([]);
    const on = cspDirectives([], { stripe: true });
    expect(JSON.stringify(off)).not.toContain('stripe');
    expect(off['frame-src']).toEqual(["'none'"]);
    expect(on['script-src']).toEqual(["'self'", 'https://js.stripe.com']);
    expect(on['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(on['frame-src']).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(on['frame-ancestors']).toEqual(["'none'"]);
  });

  it('is on every answer: strict scripts, no framing, no plugins', async () => {
    for (const response of [
      await t.call('auth/login', { username: 'a@example.com', password: 'x' }),
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/no/such/page' }),
    ]) {
      const csp = String(response.headers['content-security-policy']);
      expect(scriptSrc(csp)).toBeDefined();
      expect(scriptSrc(csp)).not.toContain('unsafe-inline');
      expect(scriptSrc(csp)).not.toContain('unsafe-eval');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['permissions-policy']).toContain('camera=()');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // The rest of helmet's set, kept when it moved from @fastify/helmet to helmet's own middleware.
      expect(response.headers).toMatchObject({
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });
});

describe('caching', () => {
  it('forbids storing the sign-in answer that holds the token, and every other API answer', async () => {
    const { user, password } = await createUser(t.deps.db);
    const signIn = await t.call('auth/login', { username: user.username, password });
    expect(signIn.json().result.token).toEqual(expect.any(String));
    expect(signIn.headers['cache-control']).toBe('no-store');
    const failed = await t.call('userManagement/getUsers', {});
    expect(failed.headers['cache-control']).toBe('no-store');
  });
});

describe('HSTS', () => {
  it('is sent when the public address is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://cpq.example' } });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await secure.close();
    }
  });

  it('is sent when a platform requires HTTPS (the check above is the control without one)', async () => {
    const app = await createTestApp();
    try {
      await app.deps.db.insert(platforms).values({ id: 'https-only', name: 'HTTPS only', requireHttps: true });
      const response = await app.app.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await app.close();
    }
  });
});
