// Its own file, without big.js: the messages use it, and every screen (the sign-in too) loads the messages.
/**
 * Formats a number as the configurator's hints show it: thousands commas and the decimals it has (`8,000`,
 * `17.25`). The range messages use it too, so that a message quotes a bound exactly as the hint beside it does.
 */
export function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 6 });
}
