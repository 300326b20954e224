import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { AppError } from '../lib/app-error';
import { createWorkerPool } from '../lib/worker-pool';
import type { TPricingLine, TPrintedQuote } from './documents.render';
import type { TPrintedAcceptance } from './signed-quote.render';

/** One document to lay out: plain data only (it is structured-cloned into the worker). */
export type TRenderTask = { compress: boolean } & (
  | { kind: 'quote' | 'so-writeup'; quote: TPrintedQuote }
  | { kind: 'signed-quote'; quote: TPrintedQuote; acceptance: TPrintedAcceptance }
  | {
      kind: 'pricing';
      quote: Pick<TPrintedQuote, 'company' | 'type' | 'quoteId' | 'revision' | 'printedAt' | 'currency'>;
      line: TPricingLine;
    }
);

/** Lays out documents in worker threads, so that the server's event loop stays free meanwhile; closed with the app. */
export type TDocumentRenderer = {
  /** The PDF of `task`; refused (429, try again shortly) while too many documents wait their turn. */
  render(task: TRenderTask): Promise<Buffer>;
  /** Documents rendered so far and the threads running now (for tests and benchmarks). */
  stats(): { completed: number; threads: number };
  close(): Promise<void>;
};

/**
 * The renderer's limits: half the cores (at least one) render side by side, so the server's own thread keeps a core
 * for requests; a few more renders wait their turn and past that a print is refused (try again shortly) rather
 * than queued without end. One thread stays once started (a new one takes seconds to load pdfkit), the others exit
 * after a minute idle; a runaway layout dies at its heap limit.
 */
export const RENDER_LIMITS = {
  maxThreads: Math.max(1, Math.floor(availableParallelism() / 2)),
  maxQueue: 64,
  idleTimeoutMs: 60_000,
  maxOldGenerationSizeMb: 512,
} as const;

export const MSG_RENDER_BUSY = 'Too many documents are being printed right now. Try again in a minute.';

const WORKER = new URL('./render-worker.ts', import.meta.url);

/** A renderer whose threads start with its first document: most app instances (and tests) never print one. */
export function createDocumentRenderer(): TDocumentRenderer {
  let pool: Piscina<TRenderTask, Uint8Array> | null = null;
  const started = (): Piscina<TRenderTask, Uint8Array> => {
    pool ??= createWorkerPool<TRenderTask, Uint8Array>(WORKER, {
      minThreads: 1,
      maxThreads: RENDER_LIMITS.maxThreads,
      maxQueue: RENDER_LIMITS.maxQueue,
      idleTimeout: RENDER_LIMITS.idleTimeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: RENDER_LIMITS.maxOldGenerationSizeMb },
    });
    return pool;
  };
  return {
    async render(task) {
      const active = started();
      if (active.queueSize >= RENDER_LIMITS.maxQueue) throw new AppError('RATE_LIMITED', MSG_RENDER_BUSY);
      const bytes = await active.run(task);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    stats: () => ({ completed: pool?.completed ?? 0, threads: pool?.threads.length ?? 0 }),
    async close() {
      const closing = pool;
      pool = null;
      await closing?.close();
    },
  };
}
