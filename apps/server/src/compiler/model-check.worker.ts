import {
  type CheckFinding,
  checkModel,
  diffModels,
  EngineError,
  type EngineErrorCode,
  type ModelDiff,
  type ProductModel,
  type ReplayResult,
  replayConfigurations,
  type StoredConfiguration,
} from '@cpq/engine';

/** A model check for the pool: the parsed model and the stored configurations to replay on it. */
export type TCheckTask = {
  kind: 'check';
  model: ProductModel;
  configurations: StoredConfiguration[];
  compileBudgetMs: number;
};

/** A diff of two parsed model versions for the pool. */
export type TDiffTask = { kind: 'diff'; from: ProductModel; to: ProductModel };

export type TCheckAnswer =
  | { kind: 'checked'; findings: CheckFinding[]; configurations: bigint | null; replays: ReplayResult[] }
  | { kind: 'diffed'; diff: ModelDiff }
  | { kind: 'refused'; code: EngineErrorCode; message: string };

/** Runs a model check or diff in a pool thread: both walk whole diagrams and search, which must not block requests. */
export default function checkInWorker(task: TCheckTask | TDiffTask): TCheckAnswer {
  try {
    if (task.kind === 'diff') return { kind: 'diffed', diff: diffModels(task.from, task.to) };
    const report = checkModel(task.model, { compileBudgetMs: task.compileBudgetMs });
    const replays = task.configurations.length > 0 ? replayConfigurations(task.model, task.configurations) : [];
    return { kind: 'checked', findings: [...report.findings], configurations: report.configurations, replays };
  } catch (error) {
    // Errors lose their class between threads; the engine's own say what is wrong with the model.
    if (!(error instanceof EngineError)) throw error;
    return { kind: 'refused', code: error.code, message: error.message };
  }
}
