import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** A stored file opened for streaming back, with its size for Content-Length. */
export type TStoredFile = { stream: Readable; size: number };

/**
 * Stores bytes in `dir` under a new generated name (a random UUID and `extension`), never overwriting; answers the
 * name. Callers never choose a name, so nothing a client sends can reach another path.
 */
export async function storeFile(dir: string, bytes: Uint8Array, extension: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.${extension}`;
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** A file of `dir` to stream back, or null when `name` is not of the form the store gives or the file is gone. */
export async function openStoredFile(dir: string, name: string, storedName: RegExp): Promise<TStoredFile | null> {
  if (!storedName.test(name)) return null;
  const file = join(dir, name);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  } catch {
    return null;
  }
}
