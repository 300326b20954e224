import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { MSG_DRAW_OR_TYPE, reencodeDrawnSignature, SIGNATURE_MAX_SIDE, storedSignatureOf } from './signature';

/** A transparent canvas with a dark stroke across it, as a signature pad exports it. */
async function drawnPng(width = 600, height = 200, withInk = true): Promise<Buffer> {
  const stroke = withInk
    ? `<path d="M20 150 C 120 20, 220 180, 320 60 S 520 160, 580 40" stroke="#1a237e" stroke-width="4" fill="none"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${stroke}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('drawn signatures', () => {
  it('keeps only the pixels: a PNG of the ink on white, cropped, without the text chunks or trailing bytes', async () => {
    const original = await drawnPng();
    const withExtras = Buffer.concat([
      await sharp(original).withMetadata().png().toBuffer(),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    const png = await reencodeDrawnSignature(withExtras);
    expect(png.includes(Buffer.from('<script>'))).toBe(false);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: false });
    // Cropped to the ink plus its margin: narrower and lower than the 600 x 200 pad.
    expect(meta.width).toBeLessThan(600);
    expect(meta.height).toBeLessThan(200);
    const corner = await sharp(png).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer();
    expect([...corner]).toEqual([255, 255, 255]);
  });

  it('refuses a blank pad, another format, bytes that do not decode and a drawing past the size limit', async () => {
    const cases = [
      await drawnPng(600, 200, false),
      await sharp(await drawnPng())
        .jpeg()
        .toBuffer(),
      Buffer.concat([(await drawnPng()).subarray(0, 40)]),
      await drawnPng(SIGNATURE_MAX_SIDE + 1, 10),
    ];
    for (const bytes of cases) {
      const error = await refusal(reencodeDrawnSignature(bytes));
      expect(error.status).toBe(400);
      expect(error.message).toBe(MSG_DRAW_OR_TYPE);
      expect(error.details).toEqual([{ path: 'signature', message: MSG_DRAW_OR_TYPE }]);
    }
  });

  it('stores a typed signature as typed and a drawn one as the server’s PNG in base64', async () => {
    expect(await storedSignatureOf({ kind: 'typed', text: 'Ada Lovelace' })).toEqual({
      kind: 'typed',
      text: 'Ada Lovelace',
    });
    const stored = await storedSignatureOf({ kind: 'drawn', png: dataUrl(await drawnPng()) });
    expect(stored.kind).toBe('drawn');
    const bytes = Buffer.from(stored.kind === 'drawn' ? stored.png : '', 'base64');
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });
});
