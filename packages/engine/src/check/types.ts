/** What a finding is about. */
export type FindingKind =
  | 'no-valid-configuration'
  | 'constraint-removes-everything'
  | 'dead-value'
  | 'dead-number-range'
  | 'option-never-settable'
  | 'redundant-constraint'
  | 'invalid-default'
  | 'formula-fails'
  | 'negative-price'
  | 'check-incomplete';

/** How bad a finding is: `error` blocks publishing, `warning` should be fixed, `info` is for the record. */
export type FindingSeverity = 'error' | 'warning' | 'info';

/** A complete configuration as option id to value (numbers as numbers, checkboxes as booleans). */
export type CheckConfiguration = Readonly<Record<string, string | number | boolean>>;

/**
 * One proven fact about a model: every finding comes with an example configuration (`example`) or rests on a proof
 * of emptiness from the diagram or an exhaustive search.
 */
export type CheckFinding = {
  readonly kind: FindingKind;
  readonly severity: FindingSeverity;
  readonly options: readonly string[];
  readonly values: readonly { readonly option: string; readonly value: string }[];
  readonly constraints: readonly string[];
  readonly message: string;
  readonly fix?: string;
  readonly example?: CheckConfiguration;
};

/** Options of {@link checkModel}. */
export type CheckOptions = {
  /** Compile budget in ms for the model's diagram (default 10,000). */
  readonly compileBudgetMs?: number;
  /** Whether to look for redundant constraints (default true): one exhaustive search per constraint. */
  readonly redundancy?: boolean;
  /** Whether to name the constraints that kill each dead value (default true): a deletion search per value. */
  readonly explainDeadValues?: boolean;
  /** Injected clock in ms (default `performance.now`). */
  readonly now?: () => number;
  /**
   * Rough wall-clock budget in ms for the optional searches (default `DEFAULT_BUDGET_MS`, counted from the start);
   * what is left unchecked is an info finding.
   */
  readonly budgetMs?: number;
};

/** What {@link checkModel} answers. */
export type CheckReport = {
  readonly findings: readonly CheckFinding[];
  /** Number of valid configurations of the compiled core (numbers counted by interval), exact. */
  readonly configurations: bigint | null;
  readonly ms: number;
};
