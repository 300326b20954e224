/** Shown wherever a value is empty. */
export const EM_DASH = '\u2014';

const isEmpty = (value: unknown): value is null | undefined | '' =>
  value === null || value === undefined || value === '';

const currency = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Formats money as the spec shows it: '$' then 2 decimals with thousands commas (`$1,234.50`).
 * Takes dollars as a number or a decimal string (as PostgreSQL `numeric` arrives); empty gives an em dash.
 */
export function formatCurrency(amount: number | string | null | undefined): string {
  if (isEmpty(amount)) return EM_DASH;
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) return EM_DASH;
  const formatted = currency.format(Math.abs(value));
  return value < 0 ? `-$${formatted}` : `$${formatted}`;
}

/** Formats integer cents as currency (`123450` -> `$1,234.50`). */
export function formatCents(cents: number | null | undefined): string {
  return isEmpty(cents) ? EM_DASH : formatCurrency(cents / 100);
}

/**
 * Formats a US phone number as (AAA) BBB-CCCC, keeping a leading +1 when the input had a country code.
 * Input that is not a 10-digit US number is returned as typed; empty gives an em dash.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (isEmpty(phone)) return EM_DASH;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  const formatted = `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return national === digits ? formatted : `+1 ${formatted}`;
}

/** Formats a date as MM/DD/YYYY in the viewer's calendar day; empty or invalid gives an em dash. */
export function formatDate(date: Date | string | number | null | undefined): string {
  if (isEmpty(date)) return EM_DASH;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return EM_DASH;
  const mm = String(value.getMonth() + 1).padStart(2, '0');
  const dd = String(value.getDate()).padStart(2, '0');
  return `${mm}/${dd}/${value.getFullYear()}`;
}

/** Shows a value, or an em dash when it is empty. */
export function orDash(value: string | number | null | undefined): string {
  return isEmpty(value) ? EM_DASH : String(value);
}

/**
 * A decimal money string (as PostgreSQL `numeric` arrives: '1140.5', '-0.05', '12') as integer cents, rounded half
 * away from zero at the third decimal; exact, with no binary float in between. Throws on anything else.
 */
export function moneyToCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not a decimal amount: ${amount}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = `${fraction}000`;
  const roundUp = Number(digits[2]) >= 5 ? 1 : 0;
  const cents = Number(whole) * 100 + Number(digits.slice(0, 2)) + roundUp;
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount out of range: ${amount}`);
  return sign === '-' && cents !== 0 ? -cents : cents;
}
