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
  /** A valid configuration with `x = v` differing from `assign` on the fewest assigned variables (null if none). */
  nearest(assign: Int32Array, x: number, v: number): Int32Array | null;
};
