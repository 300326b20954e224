import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { TImageType } from './image-type';

/** Names the server gives uploads: a random UUID and the extension of the detected type. Nothing else is served. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/** The folder uploads live in. */
export const uploadsDir = (dataDir: string): string => join(dataDir, 'uploads');

/** Stores an image under a new generated name; answers the name. */
export async function storeUpload(dataDir: string, bytes: Uint8Array, type: TImageType): Promise<string> {
  const dir = uploadsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${type.extension}`;
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** A stored upload to stream back, or null when the name is not one the server gave or the file is gone. */
export async function openUpload(dataDir: string, name: string): Promise<{ stream: Readable; size: number } | null> {
  if (!STORED_NAME.test(name)) return null;
  const file = join(uploadsDir(dataDir), name);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  } catch {
    return null;
  }
}
