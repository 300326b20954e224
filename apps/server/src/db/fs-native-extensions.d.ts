/** The part of fs-native-extensions the folder lock uses; the package ships no types of its own. */
declare module 'fs-native-extensions' {
  /**
   * Asks for an advisory lock on the open file `fd` without waiting: true when granted, false when another open
   * file (in this process or another) holds it. The lock goes with the open file: closing it lets go.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  /** Lets go of a lock this open file holds. */
  export function unlock(fd: number): void;
}
