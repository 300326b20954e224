import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_PREFIX } from '@cpq/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createConfigurableProduct,
  demoModel,
  startConfiguration,
} from '../modules/configurator/configurator.test-support';
import { createPlatformActors } from '../testing/platform-actors';
import { createTestApp, type TTestApp } from '../testing/test-app';
import { COMPRESS_FROM_BYTES, registerCompression } from './compression';

type TEnvelope = { success: boolean; result: { ui: { Pages: unknown[] } } };

describe('registerCompression', () => {
  // What browsers and other clients send, and the coding each gets (none: the plain text).
  it.each([
    [undefined, undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['deflate, zstd', undefined],
    ['*;q=0', undefined],
  ])('answers a client that accepts %j with the coding %j, saying the answer varies by it', async (header, coding) => {
    const app = Fastify();
    await registerCompression(app);
    const text = 'x'.repeat(4096);
    app.get('/text', async (_request, reply) => reply.type('text/plain').send(text));
    try {
      const headers = header === undefined ? {} : { 'accept-encoding': header };
      const answer = await app.inject({ method: 'GET', url: '/text', headers });
      expect(answer.headers['content-encoding']).toBe(coding);
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      const decode = { br: brotliDecompressSync, gzip: gunzipSync }[coding ?? ''] ?? ((bytes: Buffer) => bytes);
      expect(decode(answer.rawPayload).toString('utf8')).toBe(text);
    } finally {
      await app.close();
    }
  });

  it('compresses a large answer, with the same result', async () => {
    const app = Fastify();
    await registerCompression(app);
    const rows = Array.from({ length: 6000 }, (_, i) => ({ id: i, name: `Customer ${i}`, city: 'Lyon' }));
    app.get('/big', async () => ({ rows }));
    try {
      const plain = await app.inject({ method: 'GET', url: '/big' });
      expect(plain.rawPayload.length).toBeGreaterThan(256 * 1024);
      for (const [coding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const compressed = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': coding } });
        expect(compressed.headers['content-encoding']).toBe(coding);
        expect(decode(compressed.rawPayload).toString('utf8')).toBe(plain.body);
      }
    } finally {
      await app.close();
    }
  });

  it('compresses answers one after another, each whole, whatever their size and characters', async () => {
    const app = Fastify();
    await registerCompression(app);
    // Pseudo-random digits (the same every run) compress poorly, so the larger ones take several output chunks;
    // '€' is 3 bytes in UTF-8, so 100,000 of them are 300 KB.
    let seed = 1;
    const digit = () => {
      seed = (seed * 48271) % 2147483647;
      return seed % 10;
    };
    const digits = (length: number) => Array.from({ length }, digit).join('');
    const texts = [digits(1500), `Prix ${'€'.repeat(3000)}`, digits(200_000), '€'.repeat(100_000), digits(2000)];
    app.get('/text/:index', async (request, reply) =>
      reply.type('text/plain').send(texts[Number((request.params as { index: string }).index)]),
    );
    try {
      for (const [coding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        for (const [index, text] of texts.entries()) {
          const headers = { 'accept-encoding': coding };
          const answer = await app.inject({ method: 'GET', url: `/text/${index}`, headers });
          expect(answer.headers['content-encoding']).toBe(coding);
          expect(decode(answer.rawPayload).toString('utf8')).toBe(text);
        }
      }
    } finally {
      await app.close();
    }
  });

  it('leaves an answer alone that already has a coding, and keeps the Vary it had', async () => {
    const app = Fastify();
    await registerCompression(app);
    const text = 'x'.repeat(4096);
    app.get('/coded', async (_request, reply) =>
      reply.header('content-encoding', 'gzip').type('text/plain').send(gzipSync(text)),
    );
    app.get('/varied', async (_request, reply) => reply.header('vary', 'Origin').type('text/plain').send(text));
    try {
      const coded = await app.inject({ method: 'GET', url: '/coded', headers: { 'accept-encoding': 'br' } });
      expect(coded.headers['content-encoding']).toBe('gzip');
      expect(coded.headers.vary).toBeUndefined();
      expect(gunzipSync(coded.rawPayload).toString('utf8')).toBe(text);
      const varied = await app.inject({ method: 'GET', url: '/varied', headers: { 'accept-encoding': 'br' } });
      expect(varied.headers.vary).toBe('Origin, accept-encoding');
      expect(brotliDecompressSync(varied.rawPayload).toString('utf8')).toBe(text);
    } finally {
      await app.close();
    }
  });
});

describe('compressed answers (the real app)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // The API description: a large JSON answer that is the same on every call.
  const docs = (acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends JSON as it is to a client that accepts no coding, saying it could vary', async () => {
    const plain = await docs();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ])('compresses JSON with %s, to exactly the same content', async (coding, decode) => {
    const plain = await docs();
    const compressed = await docs(coding === 'br' ? 'gzip, deflate, br' : 'gzip, br;q=0');
    expect(compressed.headers['content-encoding']).toBe(coding);
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(decode(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('leaves small answers alone, and compresses a text file as it streams', async () => {
    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const image = await t.app.inject({
      method: 'GET',
      url: '/models/images/bike-city.svg',
      headers: { 'accept-encoding': 'br' },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(image.rawPayload).toString('utf8')).toContain('<svg');
  });

  it('compresses a configure step, and the client reads exactly the answer it would have had uncompressed', async () => {
    const a = await createPlatformActors(t);
    const bicycle = await createConfigurableProduct(t, a.token[5], demoModel('bicycle'));
    const step = async (acceptEncoding: string | undefined) => {
      const { prepare } = await startConfiguration(t, a.token[1], bicycle.ID);
      return t.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/configurator/configure`,
        headers: {
          authorization: `Bearer ${a.token[1]}`,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
        payload: { sessionId: prepare.sessionId, id: 'bikeType', value: 'road' },
      });
    };
    const plain = await step(undefined);
    const compressed = await step('gzip, deflate, br, zstd');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const decoded = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8')) as TEnvelope;
    expect(decoded.success).toBe(true);
    expect(decoded).toEqual(plain.json());
  });
});
