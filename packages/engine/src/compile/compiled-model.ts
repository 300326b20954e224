import type { Mdd } from '../diagram/mdd';
import type { ProductModel, TableConstraint } from '../model/model';
import type { FiniteProblem } from '../problem/problem';
import type { Reasoner } from '../reasoning/reasoner';
import type { RuleLowerer } from './rules';

/** Options of {@link compileModel}. */
export type CompileOptions = {
  /** Wall-clock budget of the diagram compilation in ms (default 10,000); 0 goes straight to the fallback. */
  budgetMs?: number;
  /** Most nodes the compilation may create in all, intermediate results included (default 4,000,000). */
  maxNodes?: number;
  /** Search nodes per query of the fallback reasoner (default 200,000). */
  searchNodeBudget?: number;
  /** Variable orders to try at most (default 3); later ones only for big diagrams and within 5% of the budget. */
  maxOrderAttempts?: number;
  /** Explicit variable order (finite option ids, top first) instead of the heuristics; missing ones go last. */
  order?: readonly string[];
  /**
   * Improve the heuristic order by sifting the built diagram (default true; never with an explicit `order`): work
   * capped by the diagram's size, so the result does not depend on the machine.
   */
  sift?: boolean;
  /** Lowers `kind: 'rule'` constraints to tables (see `lowerRules`). */
  lowerRule?: RuleLowerer;
  /** Extra table constraints conjoined with the model's own. */
  extraTables?: readonly TableConstraint[];
  /** Injected clock in ms (default `performance.now`). */
  now?: () => number;
  /**
   * The diagram `compileDiagram` made from the same model and options (in a worker thread, say): used instead
   * of compiling, so assembling the compiled model stays cheap.
   */
  diagram?: CompiledDiagram;
};

/**
 * The version of what a {@link CompiledDiagram} of a given model is: its layout and how the compiler numbers the
 * model's variables and values. A diagram stored by one version is never read by another; raise it with any change
 * to the compiler or the abstraction that changes the diagram a model compiles to.
 */
export const DIAGRAM_FORMAT = 2;

/**
 * The diagram of a model's finite part with the figures of its compilation: plain data (typed arrays and numbers)
 * that can be moved between threads. `mdd` is null when no variable order fit the budget.
 */
export type CompiledDiagram = {
  readonly mdd: Mdd | null;
  readonly orderAttempts: number;
  readonly unsiftedEdges: number;
  readonly compileMs: number;
};

/** Figures about one compilation. */
export type CompileStats = {
  readonly compileMs: number;
  readonly nodes: number;
  readonly edges: number;
  /** Edges before sifting (equal to `edges` when the diagram was not sifted or sifting found nothing better). */
  readonly unsiftedEdges: number;
  readonly bytes: number;
  readonly orderAttempts: number;
};

/** A product model compiled for interactive configuration; share it between sessions. */
export type CompiledModel = {
  readonly model: ProductModel;
  readonly problem: FiniteProblem;
  /** `complete`: the diagram fits, every answer is exact. `incomplete`: the search fallback is in use. */
  readonly guarantee: 'complete' | 'incomplete';
  readonly reasoner: Reasoner;
  readonly mdd: Mdd | null;
  readonly stats: CompileStats;
};
