/**
 * What sessions and explanations ask of a compiled model. An assignment is an `Int32Array` with one entry per
 * finite option: a value index, or -1 when the option is free. Two implementations: the MDD (exact, one linear
 * pass per query) and the search-based fallback (exact within its node budget).
 */
export type Reasoner = {
  /** `complete`: every answer is exact. `incomplete`: a query that ran out of budget answers optimistically. */
  readonly guarantee: 'complete' | 'incomplete';
  /**
   * Sets `out[valueOffset[x] + v]` to 1 iff a valid complete configuration has `x = v` and agrees with `assign`
   * on every variable other than `x`, else 0.
   */
  supports(assign: Int32Array, out: Uint8Array): void;
  /** Whether a valid complete configuration agrees with `assign`. */
  isFeasible(assign: Int32Array): boolean;
  /** Number of valid complete configurations that agree with `assign`. */
  count(assign: Int32Array): bigint;
  /**
   * What an explanation of value `v` of `x` needs, against the choices `assign` other than `x`'s own;
   * `choiceOrder` lists the chosen variables in the order they were chosen (a preference for the search).
   */
  diagnose(assign: Int32Array, x: number, v: number, choiceOrder: readonly number[]): Diagnosis;
};

/** See {@link Reasoner.diagnose}. */
export type Diagnosis = {
  /** Whether a valid complete configuration has `x = v` and agrees with every other choice. */
  readonly isEnabled: boolean;
  /**
   * When disabled, a minimal set of the other chosen variables whose choices no valid configuration with `x = v`
   * agrees with (without any one of them, one does); empty when enabled or when no valid configuration has `x = v`.
   */
  readonly conflict: readonly number[];
  /**
   * When disabled, a valid configuration with `x = v` differing from the other choices on the fewest variables;
   * null when enabled or when no valid configuration has `x = v`.
   */
  readonly nearest: Int32Array | null;
};
