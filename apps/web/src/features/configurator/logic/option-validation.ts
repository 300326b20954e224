import { isCalendarDate, MSG, msgNoLargerThan, msgNoSmallerThan, type TUiScreenOption } from '@cpq/contracts';
import {
  isDateFormat,
  isEmptyRaw,
  isFractionFormat,
  isNumericOption,
  parseNumberText,
  type TRawValue,
} from './option-value';

/**
 * The field error for a value about to be submitted (spec section 5, "Configurator options"), or null. Runs on
 * submit only: Continue, Finish, or Tab out of a field.
 */
export function validateOption(option: TUiScreenOption, raw: TRawValue): string | null {
  if (isEmptyRaw(raw)) return option.IsRequired ? MSG.fieldRequired : null;
  // A date option takes MM/DD/YYYY only, a real day (the engine refuses anything else too).
  if (isDateFormat(option) && typeof raw === 'string') return isCalendarDate(raw) ? null : MSG.invalidDate;
  if (!isNumericOption(option) || typeof raw === 'boolean') return null;
  // Text that is no number is refused here, so that nothing is sent for the engine to refuse.
  const value = parseNumberText(raw, isFractionFormat(option));
  if (value === null) return MSG.notANumber;
  const min = option.Ranges?.Min ?? null;
  const max = option.Ranges?.Max ?? null;
  if (option.DisplayType === 'numerictextbox' && min !== null && min >= 0 && value < 0) return MSG.positiveNumber;
  // Fraction options show mixed numbers whose rounding would trip the bounds; the engine checks them instead.
  if (isFractionFormat(option)) return null;
  if (min !== null && value < min) return msgNoSmallerThan(min);
  if (max !== null && value > max) return msgNoLargerThan(max);
  return null;
}
