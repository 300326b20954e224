import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** Names the server gives documents: a random UUID and '.pdf'. Nothing else is ever read back. */
export const DOCUMENT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/;

/** The folder generated documents live in, apart from image uploads. */
export const documentsDir = (dataDir: string): string => join(dataDir, 'documents');

/** Stores a PDF under a new generated name; answers the name. */
export async function storeDocument(dataDir: string, bytes: Uint8Array): Promise<string> {
  const dir = documentsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomUUID()}.pdf`;
  await writeFile(join(dir, name), bytes, { flag: 'wx' });
  return name;
}

/** A stored document to stream back, or null when the name is not one the server gave or the file is gone. */
export async function openDocument(dataDir: string, name: string): Promise<{ stream: Readable; size: number } | null> {
  if (!DOCUMENT_NAME.test(name)) return null;
  const file = join(documentsDir(dataDir), name);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { stream: createReadStream(file), size: info.size };
  } catch {
    return null;
  }
}
