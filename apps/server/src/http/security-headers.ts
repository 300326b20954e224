import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Browser features the app never uses, turned off for it and anything it might embed. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

/** 'sha256-…' sources for each inline `<script>` (one without `src`) of a page, for script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The app's Content-Security-Policy: scripts only from the app's origin plus the boot frame's inline script by
 * hash (no 'unsafe-inline' scripts, no eval); nothing may frame the app; no plugins; forms and the base URL stay on
 * the origin. Styles keep 'unsafe-inline' because MUI (emotion) writes its styles at run time; images allow data:
 * for the authenticator QR code. With Stripe as the card provider, its script, API and card frames are allowed as
 * Stripe documents them (js.stripe.com, api.stripe.com, hooks.stripe.com), and nothing more.
 */
export function cspDirectives(scriptHashes: string[], options: { stripe?: boolean } = {}): Record<string, string[]> {
  const stripe = (...sources: string[]) => (options.stripe ? sources : []);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, ...stripe('https://js.stripe.com')],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...stripe('https://*.stripe.com')],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...stripe('https://api.stripe.com')],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': options.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
  };
}

/**
 * True when the app must be reached over HTTPS: its public address is https, or a platform requires HTTPS
 * (platforms share the host, and HSTS is per host). The platform check is cached for a minute; it is passed in
 * because the platforms' rows belong to their module, above this layer.
 */
export function httpsRequirement(
  isRequiredByAnyPlatform: () => Promise<boolean>,
  publicUrl: string,
  clock: () => Date,
): () => Promise<boolean> {
  if (publicUrl.startsWith('https:')) return async () => true;
  let cached: { value: boolean; until: number } | null = null;
  return async () => {
    const now = clock().getTime();
    if (cached && cached.until > now) return cached.value;
    cached = { value: await isRequiredByAnyPlatform(), until: now + 60_000 };
    return cached.value;
  };
}

/**
 * Security headers on every answer (helmet, configured): CSP as above, frame-ancestors 'none' and X-Frame-Options
 * DENY, Referrer-Policy no-referrer (reset links carry their id in the URL), Permissions-Policy, COOP and CORP
 * same-origin, nosniff; HSTS when HTTPS is required; and `Cache-Control: no-store` on every API answer, since they
 * carry tokens and personal data.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { indexHtml: string | null; requiresHttps: () => Promise<boolean>; stripe: boolean },
): Promise<void> {
  const directives = cspDirectives(options.indexHtml ? inlineScriptHashes(options.indexHtml) : [], {
    stripe: options.stripe,
  });
  // Built once: the headers depend on nothing in the request (no CSP nonces). @fastify/helmet built helmet again on
  // every request (its options, the CSP's directives), ~60 us of each answer.
  const setHelmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHelmetHeaders(request.raw, reply.raw, () => done());
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    if (await options.requiresHttps()) reply.header('strict-transport-security', HSTS);
  });
}
