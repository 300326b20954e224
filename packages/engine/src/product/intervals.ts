/**
 * A boundary the rules draw on a number option's axis: `before c` separates numbers below `c` from `c` and above
 * (from `x < c`, `x >= c`, a minimum `c`); `after c` separates `c` and below from numbers above (from `x <= c`,
 * `x > c`, a maximum `c`). `x = c` draws both.
 */
export type Cut = { readonly at: number; readonly side: 'before' | 'after' };

/** One value of a number option in the compiled core: a run of numbers every threshold rule treats alike. */
export type Interval = {
  readonly lo: number;
  readonly hi: number;
  readonly isLoOpen: boolean;
  readonly isHiOpen: boolean;
  /** The value string of the interval in the core, e.g. `[1000, 2500)` or `3000`. */
  readonly label: string;
  /** A number inside the interval, used to evaluate threshold rules for the whole interval. */
  readonly sample: number;
};

/** The finite abstraction of one number option: its intervals in increasing order (the core domain). */
export type NumberDomain = {
  readonly optionId: string;
  readonly intervals: readonly Interval[];
  readonly byLabel: ReadonlyMap<string, Interval>;
};

const text = (n: number): string =>
  n === Number.NEGATIVE_INFINITY ? '-inf' : n === Number.POSITIVE_INFINITY ? 'inf' : String(n);

const labelOf = (lo: number, hi: number, isLoOpen: boolean, isHiOpen: boolean): string =>
  lo === hi ? text(lo) : `${isLoOpen ? '(' : '['}${text(lo)}, ${text(hi)}${isHiOpen ? ')' : ']'}`;

const sampleOf = (lo: number, hi: number, isLoOpen: boolean, isHiOpen: boolean): number => {
  if (lo === hi) return lo;
  if (!isLoOpen) return lo;
  if (!isHiOpen) return hi;
  if (lo === Number.NEGATIVE_INFINITY) return hi === Number.POSITIVE_INFINITY ? 0 : hi - 1;
  if (hi === Number.POSITIVE_INFINITY) return lo + 1;
  return (lo + hi) / 2;
};

const makeInterval = (lo: number, hi: number, isLoOpen: boolean, isHiOpen: boolean): Interval => ({
  lo,
  hi,
  isLoOpen,
  isHiOpen,
  label: labelOf(lo, hi, isLoOpen, isHiOpen),
  sample: sampleOf(lo, hi, isLoOpen, isHiOpen),
});

/** Whether `n` lies in `interval`. */
export const contains = (interval: Interval, n: number): boolean =>
  (interval.isLoOpen ? n > interval.lo : n >= interval.lo) && (interval.isHiOpen ? n < interval.hi : n <= interval.hi);

/**
 * Splits the axis at the cuts and keeps the intervals inside `[min, max]` (infinite when unbounded). Pieces are
 * the open gaps between cut values and the cut values themselves; neighbours not separated by a cut are merged.
 */
export const buildNumberDomain = (optionId: string, cuts: readonly Cut[], min: number, max: number): NumberDomain => {
  const all = [...cuts];
  if (Number.isFinite(min)) all.push({ at: min, side: 'before' });
  if (Number.isFinite(max)) all.push({ at: max, side: 'after' });
  const values = [...new Set(all.filter((cut) => Number.isFinite(cut.at)).map((cut) => cut.at))].sort((a, b) => a - b);
  const has = new Set(all.map((cut) => `${cut.side}:${cut.at}`));
  // Pieces in axis order: (-inf, c1), [c1], (c1, c2), [c2], ..., (ck, inf); boundary i sits after piece i.
  const pieces: Interval[] = [];
  let lo = Number.NEGATIVE_INFINITY;
  let isLoOpen = true;
  const flush = (hi: number, isHiOpen: boolean) => {
    if (lo < hi || (lo === hi && !isLoOpen && !isHiOpen)) pieces.push(makeInterval(lo, hi, isLoOpen, isHiOpen));
  };
  for (const c of values) {
    if (has.has(`before:${c}`)) {
      flush(c, true);
      lo = c;
      isLoOpen = false;
    }
    if (has.has(`after:${c}`)) {
      flush(c, false);
      lo = c;
      isLoOpen = true;
    }
  }
  flush(Number.POSITIVE_INFINITY, true);
  const intervals = pieces.filter((piece) => piece.sample >= min && piece.sample <= max);
  return { optionId, intervals, byLabel: new Map(intervals.map((interval) => [interval.label, interval])) };
};

/** Index of the interval holding `n`, or -1 when `n` lies outside every interval (outside the option's range). */
export const intervalIndexOf = (domain: NumberDomain, n: number): number =>
  domain.intervals.findIndex((interval) => contains(interval, n));

/** Smallest and largest number of the given intervals (the hull) and whether those ends are open; null if none. */
export const hullOf = (
  intervals: readonly Interval[],
): { min: number; max: number; isMinOpen: boolean; isMaxOpen: boolean } | null => {
  const first = intervals[0];
  const last = intervals[intervals.length - 1];
  if (!first || !last) return null;
  return { min: first.lo, max: last.hi, isMinOpen: first.isLoOpen, isMaxOpen: last.isHiOpen };
};

/** The current bounds of a number option: the valid intervals' hull within its own min/max for the choices. */
export type NumberRange = { readonly min: number | null; readonly max: number | null; readonly increment: number };
