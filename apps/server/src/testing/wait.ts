import type { TJobs } from '../jobs/job-queue';

/** Resolves after `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and the function that resolves it, for a test to let held work go on when it chooses. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Checks `condition` every `intervalMs` until it holds; throws once `timeoutMs` has passed without it. */
export async function until(
  condition: () => Promise<boolean> | boolean,
  {
    timeoutMs = 10_000,
    intervalMs = 20,
    what = 'the condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/**
 * Runs due jobs, again and again as their retries come due (`intervalMs` apart), until `isDone` or the rounds run
 * out. It does not throw when they run out: the test's own assertions say what did not happen.
 */
export async function drainUntil(
  jobs: Pick<TJobs, 'drain'>,
  isDone: () => Promise<boolean>,
  { intervalMs, rounds = 200 }: { intervalMs: number; rounds?: number },
): Promise<void> {
  for (let round = 0; round < rounds && !(await isDone()); round += 1) {
    await jobs.drain();
    await sleep(intervalMs);
  }
}
