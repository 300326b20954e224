import { ZLineQuantity } from '@cpq/contracts';

/** Said of typed text that is no whole number at all (empty, letters). */
export const QUANTITY_NOT_A_NUMBER = 'Enter a whole number of at least 1.';

/**
 * Reads a typed line quantity by the server's own rule (ZLineQuantity: whole, at least 1 with the spec's 'Cannot set
 * quantity to a number less than 1.', at most 1,000,000). Thousands commas are welcome ('1,200').
 */
export function parseQuantityText(text: string): { quantity: number } | { error: string } {
  const cleaned = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return { error: QUANTITY_NOT_A_NUMBER };
  const parsed = ZLineQuantity.safeParse(Number(cleaned));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? QUANTITY_NOT_A_NUMBER };
  return { quantity: parsed.data };
}
