import { TEST_CARDS, type TTestCard } from '@cpq/contracts';

/** The digits of a card number as typed (spaces and dashes dropped). */
export const cardDigits = (value: string): string => value.replace(/\D/g, '');

/** American Express numbers start 34 or 37: 15 digits grouped 4-6-5, and a 4-digit security code. */
export const isAmex = (digits: string): boolean => /^3[47]/.test(digits);

/** The longest number a card of this kind has. */
const maxLength = (digits: string): number => (isAmex(digits) ? 15 : 16);

/** A card number grouped as printed on the card while it is typed: '4242 4242 4242 4242', '3782 822463 10005'. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value);
  const kept = digits.slice(0, maxLength(digits));
  const groups = isAmex(kept) ? [4, 6, 5] : [4, 4, 4, 4];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= kept.length) break;
    parts.push(kept.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** An expiry date as typed, shaped 'MM / YY' (the separator appears once the year starts, so Backspace works). */
export function formatExpiry(value: string): string {
  const digits = cardDigits(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** The Luhn checksum every card number satisfies (catches a mistyped digit or two swapped neighbours). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A typed 'MM / YY' as month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) < thisMonth;
}

/** The security code's length: 4 digits for American Express, 3 for the others. */
export const cvcLength = (digits: string): number => (isAmex(digits) ? 4 : 3);

/** The test gateway's card for this number, or undefined for any other number. */
export const testCardFor = (digits: string): TTestCard | undefined => TEST_CARDS.find((card) => card.number === digits);

/** Where the caret goes after reformatting: after the same count of digits as before it. */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted.charAt(index))) seen += 1;
    if (seen === digitsBefore) return index + 1;
  }
  return formatted.length;
}
