/**
 * The spec's field validation messages, word for word (section 5, "Configurator options"). The contracts package
 * holds the same strings for the web app; the engine keeps its own copy because it imports nothing from there.
 */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  positiveNumber: 'Must be a positive number.',
  notANumber: 'Must be a number.',
  notAvailable: 'This value is not available with your other choices',
  invalidDate: 'Enter a real date as MM/DD/YYYY, for example 03/15/2027.',
} as const;

/** A bound as the configurator's hint beside the field writes it: thousands commas ('8,000'). */
const boundText = (bound: number | string): string =>
  typeof bound === 'number' ? bound.toLocaleString('en-US', { maximumFractionDigits: 6 }) : bound;

/**
 * Whether text is a calendar date written MM/DD/YYYY (the spec's date format): two-digit month and day, four-digit
 * year, and a day that month has (02/29 only in leap years). Text options with the 'Date' display format take
 * nothing else.
 */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return false;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'This field can be no smaller than {min}', a number written as the hint writes it ('1,500'). */
export const msgNoSmallerThan = (min: number | string): string => `This field can be no smaller than ${boundText(min)}`;

/** 'This field can be no larger than {max}', a number written as the hint writes it ('8,000'). */
export const msgNoLargerThan = (max: number | string): string => `This field can be no larger than ${boundText(max)}`;

/** 'This value is not available with your other choices: {why}' (or without the reason when there is none). */
export const msgNotAvailable = (why: string): string =>
  why === '' ? `${FIELD_MESSAGES.notAvailable}.` : `${FIELD_MESSAGES.notAvailable}: ${why}`;
