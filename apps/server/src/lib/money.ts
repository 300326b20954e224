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

/** Integer cents as dollars for the API's number fields (the engine's `ConfiguredPrice`). */
export const centsToDollars = (cents: number): number => cents / 100;
