/**
 * A failure that no retry will change (the remote refused the data itself): the job goes to the dead letters at
 * once instead of waiting out its attempts. Adapters' refusals extend it, so the queue knows none of them.
 */
export class PermanentJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentJobError';
  }
}
