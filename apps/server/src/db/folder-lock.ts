/// <reference path="./fs-native-extensions.d.ts" />
import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { tryLock } from 'fs-native-extensions';

/** Another opener, in this process or another, has the folder. */
export class FolderInUseError extends Error {
  override name = 'FolderInUseError';
}

export type TFolderLock = { release: () => void };

/**
 * Takes `folder` for this process alone until `release` or the process's end: an exclusive advisory lock on the
 * file `<folder>.lock` beside it. The kernel holds that lock for the open file and drops it when the file is closed
 * or the process ends in any way (a kill -9 too), so a dead holder leaves no lock to judge stale, and a busy holder
 * never loses it. The file keeps the holder's pid for the message the next opener gets.
 */
export function lockFolder(folder: string): TFolderLock {
  const absolute = resolve(folder);
  const path = `${absolute}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o644);
  try {
    if (!tryLock(fd)) {
      // Empty only in the instant between the holder's lock and its write of the pid.
      const holder = readFileSync(fd, 'utf8').trim() || 'unknown';
      throw new FolderInUseError(
        `The database folder ${absolute} is in use by the process with pid ${holder}. Stop that process first, or ` +
          'start this one with another DATA_DIR (each folder belongs to one process at a time).',
      );
    }
    ftruncateSync(fd, 0);
    writeSync(fd, `${process.pid}\n`, 0);
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  let held = true;
  return {
    release: () => {
      if (!held) return;
      held = false;
      closeSync(fd);
    },
  };
}
