import type { Explanation } from '../explanation/explain';
import { contains, type Interval, type NumberRange } from '../product/intervals';

/** Grid steps are compared with this slack, so that 0.1 + 0.2 still lands on the step 0.3. */
const EPSILON = 1e-9;

/**
 * The number closest to `target` on the increment grid (`origin + k * increment`) that lies in one of the
 * `intervals` and within `bounds` (the option's own min and max, either null when absent); the smaller one on a
 * tie. Null when no grid step fits.
 */
export const nearestOnGrid = (
  intervals: readonly Interval[],
  bounds: NumberRange,
  origin: number,
  target: number,
): number | null => {
  const { increment } = bounds;
  let best: number | null = null;
  for (const interval of intervals) {
    const lo = Math.max(interval.lo, bounds.min ?? Number.NEGATIVE_INFINITY);
    const hi = Math.min(interval.hi, bounds.max ?? Number.POSITIVE_INFINITY);
    if (lo > hi) continue;
    const first = Number.isFinite(lo) ? Math.ceil((lo - origin) / increment - EPSILON) : Number.NEGATIVE_INFINITY;
    const last = Number.isFinite(hi) ? Math.floor((hi - origin) / increment + EPSILON) : Number.POSITIVE_INFINITY;
    const wanted = Math.round((target - origin) / increment);
    // An open end excludes its own step: try the clamped step and its neighbours inward.
    const clamped = Math.min(Math.max(wanted, first), last);
    for (const k of [clamped, clamped + 1, clamped - 1]) {
      if (k < first || k > last) continue;
      const n = Number((origin + k * increment).toFixed(10));
      const isInside =
        contains(interval, n) && (bounds.min === null || n >= bounds.min) && (bounds.max === null || n <= bounds.max);
      if (!isInside) continue;
      const distance = Math.abs(n - target);
      const bestDistance = best === null ? Number.POSITIVE_INFINITY : Math.abs(best - target);
      if (distance < bestDistance || (distance === bestDistance && best !== null && n < best)) best = n;
      break;
    }
  }
  return best;
};

/** The allowed range of a number option once the explained value is chosen, as `explain` reports it. */
export type AllowedRange = { readonly optionId: string } & NumberRange;

/**
 * A product session's explanation: the core's, with numbers as people typed them (a chosen number, not the
 * interval it falls in), each number change set to the closest number allowed, and those numbers' ranges.
 */
export type ProductExplanation = Explanation & {
  /** For each number option that must change: the range it has once the value and the other changes are chosen. */
  readonly ranges: readonly AllowedRange[];
};
