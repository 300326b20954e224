/**
 * Money is `numeric(19,4)` in the database (read as decimal text) and integer cents in code: never binary floats.
 */

/** Integer cents as the database's decimal text: 114000 -> '1140.00', -5 -> '-0.05'. */
export function centsToMoney(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Decimal text ('1140.0000', '24.9') as integer cents, rounding the digits beyond cents half away from zero (the
 * engine's rule), without going through a float.
 */
export function moneyToCents(money: string): number {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(money.trim());
  if (!match) throw new Error(`Not an amount: ${money}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const padded = fraction.padEnd(2, '0');
  const roundsUp = (padded[2] ?? '0') >= '5';
  const cents = Number(whole) * 100 + Number(padded.slice(0, 2)) + (roundsUp ? 1 : 0);
  return sign === '-' ? -cents : cents;
}

/** Integer cents as dollars for the API's number fields (the engine's `ConfiguredPrice`). */
export const centsToDollars = (cents: number): number => cents / 100;
