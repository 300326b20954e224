import type { TSignature } from '@cpq/contracts';
import sharp from 'sharp';
import { AppError } from '../../lib/app-error';
import { detectImageType } from '../uploads/image-type';

/** What the page's signature pad draws is at most this wide and high (a hi-DPI canvas included). */
export const SIGNATURE_MAX_SIDE = 4000;
/** Refused before decoding when larger (a decompression bomb in a small PNG). */
export const SIGNATURE_MAX_PIXELS = 4_000_000;
/** A pixel darker than this (0 black, 255 white) on white is ink; fainter ones are anti-aliasing or noise. */
const INK_THRESHOLD = 230;
/** White kept around the ink once the drawing is cropped to it, so strokes are not cut at the edge. */
const MARGIN = 8;

export const MSG_DRAW_OR_TYPE = 'Draw your signature, or type it instead.';

/** A signature as stored with the acceptance: the typed text, or the server's own PNG of the drawing (base64). */
export type TStoredSignature = { kind: 'typed'; text: string } | { kind: 'drawn'; png: string };

const refused = () =>
  new AppError('VALIDATION_FAILED', MSG_DRAW_OR_TYPE, [{ path: 'signature', message: MSG_DRAW_OR_TYPE }]);

/**
 * A drawn signature's pixels, re-encoded as the server's own PNG as uploads are (only pixels survive: no text
 * chunks, no bytes appended after the image), within the size limits. The transparent background is flattened to
 * white, so nothing hidden under transparent pixels is kept and the drawing looks the same on any page; it is
 * cropped to the ink. A file that is not a PNG, does not decode, or holds no ink (a blank pad) is refused with 400
 * on `signature`.
 */
export async function reencodeDrawnSignature(bytes: Uint8Array): Promise<Buffer> {
  if (detectImageType(bytes)?.extension !== 'png') throw refused();
  try {
    const input = sharp(bytes, { failOn: 'warning', limitInputPixels: SIGNATURE_MAX_PIXELS, animated: false });
    const meta = await input.metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (meta.format !== 'png' || width < 1 || height < 1) throw refused();
    if (width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE) throw refused();
    const flat = await input.flatten({ background: '#ffffff' }).removeAlpha().png().toBuffer();
    const { channels } = await sharp(flat).grayscale().stats();
    if ((channels[0]?.min ?? 255) > INK_THRESHOLD) throw refused();
    return await sharp(flat)
      .trim({ background: '#ffffff', threshold: 255 - INK_THRESHOLD })
      .extend({ top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN, background: '#ffffff' })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refused();
  }
}

const DATA_URL_PREFIX = 'data:image/png;base64,';

/** The signature as the acceptance keeps it: typed text as typed (trimmed by its schema), a drawing re-encoded. */
export async function storedSignatureOf(signature: TSignature): Promise<TStoredSignature> {
  if (signature.kind === 'typed') return { kind: 'typed', text: signature.text };
  if (!signature.png.startsWith(DATA_URL_PREFIX)) throw refused();
  const bytes = Buffer.from(signature.png.slice(DATA_URL_PREFIX.length), 'base64');
  return { kind: 'drawn', png: (await reencodeDrawnSignature(bytes)).toString('base64') };
}
