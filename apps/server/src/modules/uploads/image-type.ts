import type { UPLOAD_IMAGE_TYPES } from '@cpq/contracts';

export type TImageType = { mime: (typeof UPLOAD_IMAGE_TYPES)[number]; extension: 'png' | 'jpg' | 'gif' | 'webp' };

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * Recognises an image by its leading bytes (PNG, JPEG, GIF, WebP); null for anything else, whatever its name or
 * declared type says. SVG is deliberately not an image here: it is a document that can carry scripts.
 */
export function detectImageType(bytes: Uint8Array): TImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { mime: 'image/png', extension: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return { mime: 'image/gif', extension: 'gif' };
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { mime: 'image/webp', extension: 'webp' };
  }
  return null;
}

const MIME_BY_EXTENSION: Record<string, TImageType['mime']> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The content type a stored upload is served with, from the extension the server itself gave it. */
export function mimeOfStoredName(name: string): TImageType['mime'] | null {
  return MIME_BY_EXTENSION[name.slice(name.lastIndexOf('.') + 1)] ?? null;
}
