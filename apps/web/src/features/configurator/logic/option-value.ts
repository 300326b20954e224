import type { TDisplayType, TOptionValue, TUiScreenOption } from '@cpq/contracts';

/** What a control hands over: the text typed or picked, or a checkbox's state. */
export type TRawValue = string | boolean;

const NUMERIC_TYPES: readonly TDisplayType[] = ['numericcontrol', 'numerictextbox'];

export const isNumericOption = (option: Pick<TUiScreenOption, 'DisplayType'>): boolean =>
  NUMERIC_TYPES.includes(option.DisplayType);

export const isFractionFormat = (option: Pick<TUiScreenOption, 'DisplayFormat'>): boolean =>
  option.DisplayFormat.toLowerCase() === 'fraction';

/** A text option that takes a date, MM/DD/YYYY. */
export const isDateFormat = (option: Pick<TUiScreenOption, 'DisplayFormat'>): boolean =>
  option.DisplayFormat.toLowerCase() === 'date';

const MAX_DENOMINATOR = 64;

/** A number as a mixed number (18.5 -> '18 1/2', 0.25 -> '1/4'); values with no denominator up to 64 stay decimal. */
export function formatFraction(value: number): string {
  if (!Number.isFinite(value)) return '';
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  const whole = Math.floor(magnitude + 1e-9);
  const rest = magnitude - whole;
  if (rest < 1e-9) return `${sign}${whole}`;
  for (let denominator = 2; denominator <= MAX_DENOMINATOR; denominator += 1) {
    const numerator = Math.round(rest * denominator);
    if (numerator > 0 && Math.abs(numerator / denominator - rest) < 1e-9) {
      return `${sign}${whole === 0 ? '' : `${whole} `}${numerator}/${denominator}`;
    }
  }
  return `${sign}${magnitude}`;
}

/**
 * Reads typed number text: thousands commas stripped ('2,400' -> 2400) and, for Fraction options, mixed numbers
 * ('18 1/2' -> 18.5). Answers null when the text is not a number.
 */
export function parseNumberText(text: string, isFraction = false): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (cleaned === '') return null;
  if (isFraction) {
    const mixed = /^(-)?(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(cleaned);
    if (mixed) {
      const [, minus, whole, numerator, denominator] = mixed;
      if (Number(denominator) === 0) return null;
      const magnitude = Number(whole ?? 0) + Number(numerator) / Number(denominator);
      return minus ? -magnitude : magnitude;
    }
  }
  if (!/^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(cleaned)) return null;
  return Number(cleaned);
}

/** True when a raw value counts as no answer (an empty or blank text; a checkbox always has one). */
export const isEmptyRaw = (raw: TRawValue): boolean => typeof raw === 'string' && raw.trim() === '';

/**
 * The value to send for an option, as the spec sends it: checkboxes 'True'/'False', numbers as numbers with
 * thousands commas stripped, text as typed. Answers undefined for an empty value, which is not sent at all.
 */
export function normalizeValue(option: TUiScreenOption, raw: TRawValue): Exclude<TOptionValue, null> | undefined {
  if (option.DisplayType === 'checkbox') {
    const isChecked = typeof raw === 'boolean' ? raw : raw.toLowerCase() === 'true';
    return isChecked ? 'True' : 'False';
  }
  if (typeof raw === 'boolean') return raw ? 'True' : 'False';
  if (isEmptyRaw(raw)) return undefined;
  if (isNumericOption(option)) return parseNumberText(raw, isFractionFormat(option)) ?? raw.trim();
  return raw;
}

/** The text a field shows for the engine's value: Fraction options as mixed numbers. */
export function displayText(option: TUiScreenOption, value: string = option.Value): string {
  if (!isNumericOption(option) || !isFractionFormat(option)) return value;
  const parsed = parseNumberText(value);
  return parsed === null ? value : formatFraction(parsed);
}

/** True when the raw value says the same as the engine's current value (nothing to send). */
export function isSameAsEngine(option: TUiScreenOption, raw: TRawValue): boolean {
  const value = normalizeValue(option, raw);
  if (value === undefined) return true;
  if (typeof value === 'number') return parseNumberText(option.Value) === value;
  return option.Value === value;
}
