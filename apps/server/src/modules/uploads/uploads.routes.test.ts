import { rm } from 'node:fs/promises';
import { UPLOAD_MAX_BYTES } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { detectImageType } from './image-type';

let t: TTestApp;
let a: TPlatformActors;

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(content: Buffer, filename: string, mimetype: string, field = 'file') {
  const boundary = '----cpq-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mimetype}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(content: Buffer, filename: string, token?: string, mimetype = 'image/png', field = 'file') {
  const body = multipart(content, filename, mimetype, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/uploadfile',
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({ env: { DATA_DIR: `/tmp/cpq-test-uploads-${process.pid}` } });
  a = await createPlatformActors(t);
});
afterAll(async () => {
  await t.close();
  await rm(t.deps.config.dataDir, { recursive: true, force: true });
});

describe('POST /api/uploadfile', () => {
  it('stores a real PNG under a generated name and serves it back with nosniff', async () => {
    const result = resultOf<{ path: string }>(await upload(PNG, '../../evil name.png', a.token[5]));
    expect(result.path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: result.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('names the file by its content, not by what the client says', async () => {
    const result = resultOf<{ path: string }>(await upload(PNG, 'photo.jpg', a.token[9], 'image/jpeg'));
    expect(result.path).toMatch(/\.png$/);
  });

  it('rejects a text file renamed .png, and SVG', async () => {
    expectFailure(await upload(Buffer.from('just some text'), 'notes.png', a.token[5]), 'UNSUPPORTED_MEDIA_TYPE');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expectFailure(await upload(svg, 'logo.svg', a.token[5], 'image/svg+xml'), 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('rejects files over 5 MiB with 413 and the envelope', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const response = await upload(big, 'big.png', a.token[5]);
    expect(response.statusCode).toBe(413);
    expectFailure(response, 'PAYLOAD_TOO_LARGE');
    const justUnder = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES - PNG.length)]);
    resultOf(await upload(justUnder, 'limit.png', a.token[5]));
  });

  it('needs a multipart body with a file field', async () => {
    expectFailure(await upload(PNG, 'a.png', a.token[5], 'image/png', 'image'), 'BAD_REQUEST');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/uploadfile',
      headers: { authorization: `Bearer ${a.token[5]}` },
      payload: { file: 'x' },
    });
    expectFailure(json, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('is for administrators', async () => {
    expectFailure(await upload(PNG, 'a.png'), 'UNAUTHENTICATED');
    expectFailure(await upload(PNG, 'a.png', a.token[0]), 'FORBIDDEN');
    expectFailure(await upload(PNG, 'a.png', a.token[1]), 'FORBIDDEN');
  });
});

describe('GET /uploads/<name>', () => {
  it('serves only names the server generated', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/token-secret',
      `/uploads/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('detectImageType', () => {
  it('knows PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(detectImageType(PNG)?.mime).toBe('image/png');
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('GIF89a...'))?.mime).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
