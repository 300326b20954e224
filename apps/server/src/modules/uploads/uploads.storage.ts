import { join } from 'node:path';
import { openStoredFile, storeFile, type TStoredFile } from '../../adapters/storage/local-files';
import type { TImageType } from './image-type';

/** Names the server gives uploads: a random UUID and the extension of the detected type. Nothing else is served. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/** The folder uploads live in. */
export const uploadsDir = (dataDir: string): string => join(dataDir, 'uploads');

/** Stores an image under a new generated name; answers the name. */
export const storeUpload = (dataDir: string, bytes: Uint8Array, type: TImageType): Promise<string> =>
  storeFile(uploadsDir(dataDir), bytes, type.extension);

/** A stored upload to stream back, or null when the name is not one the server gave or the file is gone. */
export const openUpload = (dataDir: string, name: string): Promise<TStoredFile | null> =>
  openStoredFile(uploadsDir(dataDir), name, STORED_NAME);
