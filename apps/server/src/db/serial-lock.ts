/** What a settled function leaves for the next: nothing (its result went to its own caller). */
const settled = (): void => undefined;

/**
 * Runs functions one at a time, in the order they are handed in: each starts once the one before it has settled,
 * resolved or failed. It keeps no queue, only the promise of the last function handed in, so it holds nothing of a
 * function once that function has settled.
 *
 * It stands in for PGlite's own mutexes (async-mutex, bundled), whose queue keeps what a query allocates reachable
 * through the young-generation collections that follow it: on a loop of calls into the database inside both
 * exclusions, each collection copied 0.35-0.48 MB and paused 1.2-1.7 ms with them against 0.06-0.29 MB (0.06-0.09
 * in five collections of six) and 0.3-0.5 ms with this lock (64 MB semi-space); in the server a request waits out
 * every such pause.
 */
export class SerialLock {
  private last: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.last.then(() => fn());
    this.last = result.then(settled, settled);
    return result;
  }
}
