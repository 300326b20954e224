import type { MessagePort } from 'node:worker_threads';
import { threadId } from 'node:worker_threads';
import {
  type CompiledDiagram,
  compileProductDiagram,
  EngineError,
  ModelValidationError,
  type ParamValues,
  type ProductModel,
} from '@cpq/engine';
import { move, transferableSymbol, valueSymbol } from 'piscina';

/** One compile for the pool: a parsed model, the params its core is compiled for (null: declared defaults). */
export type TCompileTask = {
  model: ProductModel;
  params: ParamValues | null;
  budgetMs: number;
  maxNodes: number;
  /** Told when the task starts running, so that its hard deadline does not count the time it waited in the queue. */
  started: MessagePort;
};

/** The worker's answer: the diagram (its typed arrays moved, not copied), or why the engine refused the model. */
export type TCompileAnswer =
  | { kind: 'compiled'; diagram: CompiledDiagram; threadId: number }
  | { kind: 'refused'; message: string; issues: string[] };

/** The buffers of the diagram's typed arrays, each once (moving one twice would fail). */
const buffersOf = (diagram: CompiledDiagram): ArrayBuffer[] => {
  const mdd = diagram.mdd;
  if (!mdd) return [];
  const arrays = [mdd.order, mdd.layerStart, mdd.edgeStart, mdd.edgeLabel, mdd.edgeChild];
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
};

/** Compiles a model's diagram in a pool thread (see `ModelCompiler`). */
export default function compileInWorker(task: TCompileTask) {
  task.started.postMessage('started');
  task.started.close();
  try {
    const options = { budgetMs: task.budgetMs, maxNodes: task.maxNodes };
    const diagram = compileProductDiagram(task.model, task.params ?? undefined, options);
    const answer: TCompileAnswer = { kind: 'compiled', diagram, threadId };
    return move({ [transferableSymbol]: buffersOf(diagram), [valueSymbol]: answer });
  } catch (error) {
    // Errors lose their class between threads; the engine's own say what is wrong with the model, so they go back as data.
    if (!(error instanceof EngineError)) throw error;
    const issues = error instanceof ModelValidationError ? [...error.issues] : [];
    const answer: TCompileAnswer = { kind: 'refused', message: error.message, issues };
    return answer;
  }
}
