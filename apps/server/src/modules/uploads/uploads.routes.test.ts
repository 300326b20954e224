import { rm } from 'node:fs/promises';
import { UPLOAD_MAX_BYTES } from '@cpq/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { UPLOAD_MAX_SIDE } from './image-reencode';
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
  it('stores a real PNG, re-encoded, under a generated name and serves it as an attachment with nosniff', async () => {
    const result = resultOf<{ path: string }>(await upload(PNG, '../../evil name.png', a.token[5]));
    expect(result.path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: result.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="${result.path.slice(9)}"`);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
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
  });

  it('rejects images wider or taller than the pixel limit, and accepts one at it', async () => {
    const image = (width: number) =>
      sharp({ create: { width, height: 1, channels: 3, background: '#b3122e' } })
        .png()
        .toBuffer();
    expectFailure(await upload(await image(UPLOAD_MAX_SIDE + 1), 'wide.png', a.token[5]), 'UNSUPPORTED_MEDIA_TYPE');
    resultOf(await upload(await image(UPLOAD_MAX_SIDE), 'limit.png', a.token[5]));
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

describe('polyglots: image headers around HTML or SVG', () => {
  const HTML = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
  const served = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).rawPayload;

  it('refuses a PNG signature followed by HTML and a JPEG signature followed by SVG', async () => {
    const pngHtml = Buffer.concat([PNG.subarray(0, 8), HTML]);
    const jpegSvg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), SVG]);
    // The control: both pass the signature check that used to be all there was.
    expect(detectImageType(pngHtml)?.mime).toBe('image/png');
    expect(detectImageType(jpegSvg)?.mime).toBe('image/jpeg');
    expectFailure(await upload(pngHtml, 'x.png', a.token[5]), 'UNSUPPORTED_MEDIA_TYPE', undefined, 415);
    expectFailure(await upload(jpegSvg, 'x.jpg', a.token[5], 'image/jpeg'), 'UNSUPPORTED_MEDIA_TYPE', undefined, 415);
  });

  it('keeps only the pixels of a real image carrying HTML after its end or in its metadata', async () => {
    const trailing = Buffer.concat([PNG, HTML]);
    expect(trailing.includes('<script>')).toBe(true);
    const fromPng = await served(resultOf<{ path: string }>(await upload(trailing, 'x.png', a.token[5])).path);
    expect(fromPng.includes('<script>')).toBe(false);
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ffc233' } })
      .withExif({ IFD0: { ImageDescription: '<script>alert(1)</script>' } })
      .jpeg()
      .toBuffer();
    expect(jpeg.includes('<script>')).toBe(true);
    const stored = await served(resultOf<{ path: string }>(await upload(jpeg, 'x.jpg', a.token[5], 'image/jpeg')).path);
    expect(stored.includes('<script>')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
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
