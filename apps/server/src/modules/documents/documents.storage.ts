import { join } from 'node:path';
import { openStoredFile, storeFile, type TStoredFile } from '../../adapters/storage/local-files';

/** Names the server gives documents: a random UUID and '.pdf'. Nothing else is ever read back. */
export const DOCUMENT_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.pdf$/;

/** The folder generated documents live in, apart from image uploads. */
export const documentsDir = (dataDir: string): string => join(dataDir, 'documents');

/** Stores a PDF under a new generated name; answers the name. */
export const storeDocument = (dataDir: string, bytes: Uint8Array): Promise<string> =>
  storeFile(documentsDir(dataDir), bytes, 'pdf');

/** A stored document to stream back, or null when the name is not one the server gave or the file is gone. */
export const openDocument = (dataDir: string, name: string): Promise<TStoredFile | null> =>
  openStoredFile(documentsDir(dataDir), name, DOCUMENT_NAME);
