import { MessageChannel } from 'node:worker_threads';
import {
  type CompiledDiagram,
  EngineError,
  ModelValidationError,
  type ParamValues,
  type ProductModel,
} from '@cpq/engine';
import type { TModelCompileConfig } from '../config';
import { createWorkerPool } from '../lib/worker-pool';
import type { TCheckAnswer, TCheckTask, TDiffTask } from './model-check.worker';
import type { TCompileAnswer, TCompileTask } from './model-compile.worker';

/** Which limit a model's compile ran into. */
export type TCompileLimit = 'budget' | 'deadline' | 'memory';

/** A well-formed model that cannot be compiled within the configured limits; `limit` says which one in words. */
export class ModelTooComplexError extends Error {
  constructor(
    readonly kind: TCompileLimit,
    readonly limit: string,
  ) {
    super(`The model ${limit}`);
    this.name = 'ModelTooComplexError';
  }
}

/** A compiled diagram and the thread that compiled it. */
export type TCompiledDiagram = { diagram: CompiledDiagram; threadId: number };

/** Compiles models' diagrams in worker threads, so that the thread serving requests never runs one. */
export type TModelCompiler = {
  /** The diagram of `model`'s core for `params` (declared defaults when absent); rejects with ModelTooComplexError. */
  compile(model: ProductModel, params?: ParamValues): Promise<TCompiledDiagram>;
  /**
   * Checks a model (and replays stored configurations on it) or compares two versions, in a worker thread of its
   * own pool; an engine refusal rejects with an EngineError.
   */
  check(task: TCheckTask | TDiffTask): Promise<Exclude<TCheckAnswer, { kind: 'refused' }>>;
  readonly limits: TModelCompileConfig;
  close(): Promise<void>;
};

/**
 * The hard deadline of a running compile. The engine keeps to its budget by itself, checking the clock as it
 * builds; this bounds what it does not budget (lowering rules to tables, the worker's start) and a check that comes
 * late, by stopping the worker thread.
 */
export const hardDeadlineMs = (budgetMs: number): number => 2 * budgetMs + 5_000;

/**
 * Compile threads run at a lower priority (a nice increment, on Linux): when the cores are busy, the threads that
 * serve requests come first and a compile takes longer, within its budget.
 */
const COMPILE_NICE_INCREMENT = 10;

/** Idle compile threads end after this long: a model compiles once per version, so most of the time none runs. */
const IDLE_THREAD_MS = 60_000;

const secondsOf = (ms: number): string => `${Number((ms / 1000).toFixed(3))} s`;

const WORKER = new URL('./model-compile.worker.ts', import.meta.url);
const CHECK_WORKER = new URL('./model-check.worker.ts', import.meta.url);

/** The limit an error of the pool stands for, or null for an error that says nothing about the model. */
const limitOf = (error: unknown, config: TModelCompileConfig, isLate: boolean): ModelTooComplexError | null => {
  if (isLate) return new ModelTooComplexError('deadline', `did not compile within ${secondsOf(config.budgetMs)}`);
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new ModelTooComplexError('memory', `needed more than ${config.memoryMb} MB of memory to compile`);
  }
  return null;
};

/**
 * A pool of compile threads with the configured limits: time (the engine's budget, then a hard stop at
 * `deadlineMs` after the compile starts, {@link hardDeadlineMs} by default) and heap.
 */
export function createModelCompiler(
  config: TModelCompileConfig,
  deadlineMs = hardDeadlineMs(config.budgetMs),
): TModelCompiler {
  // Compiles and checks run in pools of their own, with the same limits.
  const poolOptions = {
    minThreads: 0,
    maxThreads: config.threads,
    idleTimeout: IDLE_THREAD_MS,
    resourceLimits: { maxOldGenerationSizeMb: config.memoryMb },
    niceIncrement: COMPILE_NICE_INCREMENT,
  };
  const pool = createWorkerPool<TCompileTask, TCompileAnswer>(WORKER, poolOptions);

  async function compile(model: ProductModel, params?: ParamValues): Promise<TCompiledDiagram> {
    const { port1, port2 } = new MessageChannel();
    const abort = new AbortController();
    let isLate = false;
    let timer: NodeJS.Timeout | undefined;
    port1.once('message', () => {
      timer = setTimeout(() => {
        isLate = true;
        abort.abort();
      }, deadlineMs);
    });
    const task = {
      model,
      params: params ?? null,
      budgetMs: config.budgetMs,
      maxNodes: config.maxNodes,
      started: port2,
    };
    try {
      const answer = await pool.run(task, { transferList: [port2], signal: abort.signal });
      if (answer.kind === 'refused') {
        throw answer.issues.length > 0
          ? new ModelValidationError(answer.issues)
          : new EngineError('INVALID_MODEL', answer.message);
      }
      if (!answer.diagram.mdd) {
        const nodes = config.maxNodes.toLocaleString('en-US');
        const limit = `did not compile within ${secondsOf(config.budgetMs)} and ${nodes} diagram nodes`;
        throw new ModelTooComplexError('budget', limit);
      }
      return { diagram: answer.diagram, threadId: answer.threadId };
    } catch (error) {
      throw limitOf(error, config, isLate) ?? error;
    } finally {
      clearTimeout(timer);
      port1.close();
    }
  }

  // Checks get their own threads (started on first use): a check may search for seconds, and a compile that a
  // configurator start waits for must not queue behind it.
  let checkPool: ReturnType<typeof createWorkerPool<TCheckTask | TDiffTask, TCheckAnswer>> | null = null;
  async function check(task: TCheckTask | TDiffTask) {
    checkPool ??= createWorkerPool<TCheckTask | TDiffTask, TCheckAnswer>(CHECK_WORKER, poolOptions);
    const answer = await checkPool.run(task);
    if (answer.kind === 'refused') throw new EngineError(answer.code, answer.message);
    return answer;
  }

  const close = async () => {
    await Promise.all([pool.destroy(), checkPool?.destroy()]);
  };
  return { compile, check, limits: config, close };
}
