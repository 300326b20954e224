import type { TUiScreenOption, TUiSelectableValue } from '@cpq/contracts';
import type { KeyboardEvent } from 'react';
import type { TRawValue } from '../../logic/option-value';

/** What every option control gets: the option, its text draft and error, and what to call on a change. */
export type TControlProps = {
  option: TUiScreenOption;
  /** The id of the control's input (the label points at it). */
  inputId: string;
  /** The text being typed, when it differs from the engine's value. */
  draft: string | undefined;
  /** The field error shown beneath, or null. */
  error: string | null;
  /** True while the option is disabled or a request is in flight. */
  isDisabled: boolean;
  /** A choice made (a pick, a tick, a slider let go): sent at once. */
  onPick: (raw: TRawValue) => void;
  /** Text typed: kept until it is submitted. */
  onDraft: (text: string) => void;
  /** Tab (or Enter in a one-line field) submits the typed value. */
  onSubmit: () => void;
};

/** The values a choice control lists: the visible ones, disabled ones included (shown greyed, not hidden). */
export const listedValues = (option: TUiScreenOption): TUiSelectableValue[] =>
  option.SelectableValues.filter((value) => value.IsVisible);

/** The label text with the asterisk of a required option left to the form control. */
export const labelOf = (option: TUiScreenOption): string => option.Caption || option.Name;

/** Tab submits in every text field; Enter too in a one-line field (a text area keeps Enter for new lines). */
export function submitKeys(onSubmit: () => void, isMultiline = false) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Tab') onSubmit();
    else if (event.key === 'Enter' && !isMultiline) {
      event.preventDefault();
      onSubmit();
    }
  };
}

/** The id of the helper text beneath a field, for aria-describedby. */
export const helperIdOf = (inputId: string): string => `${inputId}-helper`;

/** The props every labelled text field of an option shares: id, label with asterisk, disabled, error beneath. */
export const fieldPropsOf = ({ option, inputId, error, isDisabled }: TControlProps) => ({
  id: inputId,
  label: labelOf(option),
  required: option.IsRequired,
  disabled: isDisabled,
  error: Boolean(error),
});
