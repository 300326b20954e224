/**
 * The spec's field validation messages, word for word (section 5, "Configurator options"). The contracts package
 * holds the same strings for the web app; the engine keeps its own copy because it imports nothing from there.
 */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  positiveNumber: 'Must be a positive number.',
  notANumber: 'Must be a number.',
  notAvailable: 'This value is not available with your other choices',
} as const;

/** A bound as the configurator's hint beside the field writes it: thousands commas ('8,000'). */
const boundText = (bound: number | string): string =>
  typeof bound === 'number' ? bound.toLocaleString('en-US', { maximumFractionDigits: 6 }) : bound;

/** 'This field can be no smaller than {min}', a number written as the hint writes it ('1,500'). */
export const msgNoSmallerThan = (min: number | string): string => `This field can be no smaller than ${boundText(min)}`;

/** 'This field can be no larger than {max}', a number written as the hint writes it ('8,000'). */
export const msgNoLargerThan = (max: number | string): string => `This field can be no larger than ${boundText(max)}`;

/** 'This value is not available with your other choices: {why}' (or without the reason when there is none). */
export const msgNotAvailable = (why: string): string =>
  why === '' ? `${FIELD_MESSAGES.notAvailable}.` : `${FIELD_MESSAGES.notAvailable}: ${why}`;
