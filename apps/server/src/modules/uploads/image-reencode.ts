import sharp from 'sharp';
import type { TImageType } from './image-type';

/** Decoded images larger than this many pixels are refused before decoding (a decompression bomb). */
export const UPLOAD_MAX_PIXELS = 40_000_000;
/** Neither side may be longer than this. */
export const UPLOAD_MAX_SIDE = 8192;

const FORMAT_OF: Record<string, TImageType> = {
  png: { mime: 'image/png', extension: 'png' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  gif: { mime: 'image/gif', extension: 'gif' },
  webp: { mime: 'image/webp', extension: 'webp' },
};

export type TReencoded = { bytes: Buffer; type: TImageType; width: number; height: number };

/**
 * Decodes an upload and encodes its pixels again in the same format, so what is stored and served is image data
 * only: bytes appended after the image (HTML, SVG, scripts), metadata (EXIF, comments, ICC text) and anything a
 * decoder would skip are gone. Null when the bytes are not a PNG, JPEG, GIF or WebP image that decodes fully, or
 * when it exceeds the pixel limits.
 */
export async function reencodeImage(bytes: Uint8Array): Promise<TReencoded | null> {
  try {
    const input = sharp(bytes, { failOn: 'warning', limitInputPixels: UPLOAD_MAX_PIXELS, animated: true });
    const meta = await input.metadata();
    const type = meta.format ? FORMAT_OF[meta.format] : undefined;
    const width = meta.width ?? 0;
    const height = meta.pageHeight ?? meta.height ?? 0;
    if (!type || width < 1 || height < 1 || width > UPLOAD_MAX_SIDE || height > UPLOAD_MAX_SIDE) return null;
    const pipeline = input.rotate();
    const encoded =
      type.extension === 'png'
        ? pipeline.png()
        : type.extension === 'jpg'
          ? pipeline.jpeg({ quality: 90, mozjpeg: true })
          : type.extension === 'gif'
            ? pipeline.gif()
            : pipeline.webp({ quality: 90 });
    return { bytes: await encoded.toBuffer(), type, width, height };
  } catch {
    return null;
  }
}
