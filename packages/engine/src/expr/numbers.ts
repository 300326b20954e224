const MAX_DIGITS = 15;

/**
 * Rounds half away from zero (`round(2.5) = 3`, `round(-2.5) = -3`) at `digits` decimals; negative digits round
 * to tens, hundreds... Works on the decimal form so `round(1.005, 2)` is `1.01` as a person expects, not `1`.
 * Returns null for a non-integer or out-of-range `digits`.
 */
export function roundHalfAway(value: number, digits = 0): number | null {
  if (!Number.isInteger(digits) || Math.abs(digits) > MAX_DIGITS) return null;
  if (!Number.isFinite(value)) return null;
  const magnitude = Math.abs(value);
  // Whole-number rounding needs no scaling, so it is exact without the decimal detour (the common price case).
  if (digits === 0) return Math.sign(value) * Math.round(magnitude) + 0;
  const text = String(magnitude);
  // Past 1e21 every double is an integer, so a number that large is already exact at `digits`.
  const shifted = text.includes('e') ? Math.round(magnitude * 10 ** digits) : Math.round(Number(`${text}e${digits}`));
  const rounded = String(shifted).includes('e') ? magnitude : Number(`${shifted}e${-digits}`);
  const result = Math.sign(value) * rounded;
  return Number.isFinite(result) ? result + 0 : null;
}

/** Fixed-point text with `decimals` digits after the point, rounded half away from zero. */
export function formatFixed(value: number, decimals: number): string | null {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DIGITS) return null;
  const rounded = roundHalfAway(value, decimals);
  if (rounded === null) return null;
  return (rounded === 0 ? 0 : rounded).toFixed(decimals);
}

/**
 * Mixed-number text at a precision of 1/denominator, reduced: `fraction(12.375, 8)` is `'12 3/8'`,
 * `fraction(0.5, 16)` is `'1/2'`, `fraction(3, 4)` is `'3'`. Null for a denominator that is not a positive integer.
 */
export function formatFraction(value: number, denominator: number): string | null {
  if (!Number.isInteger(denominator) || denominator <= 0 || denominator > 1_000_000) return null;
  const parts = roundHalfAway(Math.abs(value) * denominator);
  if (parts === null || parts > Number.MAX_SAFE_INTEGER) return null;
  const whole = Math.floor(parts / denominator);
  const remainder = parts % denominator;
  const divisor = gcd(remainder, denominator);
  const sign = value < 0 && parts > 0 ? '-' : '';
  if (remainder === 0) return `${sign}${whole}`;
  const fraction = `${remainder / divisor}/${denominator / divisor}`;
  return whole === 0 ? `${sign}${fraction}` : `${sign}${whole} ${fraction}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
