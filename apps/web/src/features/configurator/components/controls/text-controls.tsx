import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { TextInput } from '../../../../ui/text-input';
import { isDateFormat } from '../../logic/option-value';
import { fieldPropsOf, helperIdOf, labelOf, submitKeys, type TControlProps } from './control-props';

/** textbox and textarea: typed text is sent on Tab (and Enter in the one-line box); a date box shows its format. */
export function TextControl(props: TControlProps & { isMultiline?: boolean }) {
  const { option, draft, error, onDraft, onSubmit, isMultiline = false } = props;
  const isDate = isDateFormat(option);
  return (
    <TextInput
      {...fieldPropsOf(props)}
      helperText={error ?? undefined}
      placeholder={isDate ? 'MM/DD/YYYY' : undefined}
      autoComplete={isDate ? 'off' : undefined}
      value={draft ?? option.Value}
      onChange={(event) => onDraft(event.target.value)}
      onKeyDown={submitKeys(onSubmit, isMultiline)}
      multiline={isMultiline}
      minRows={isMultiline ? 3 : undefined}
      maxRows={isMultiline ? 10 : undefined}
    />
  );
}

/** checkbox: ticking sends 'True', unticking 'False'. */
export function CheckboxControl({ option, inputId, error, isDisabled, onPick }: TControlProps) {
  const helperId = helperIdOf(inputId);
  const isChecked = option.Value.toLowerCase() === 'true';
  // The box cannot change when the engine has disabled the value it would change to.
  const other = option.SelectableValues.find((value) => value.Value.toLowerCase() === String(!isChecked));
  const isLocked = other !== undefined && !other.IsEnabled;
  return (
    <FormControl required={option.IsRequired} error={Boolean(error)} disabled={isDisabled || isLocked}>
      <FormControlLabel
        label={labelOf(option)}
        control={
          <Checkbox
            id={inputId}
            checked={isChecked}
            onChange={(event) => onPick(event.target.checked)}
            slotProps={{ input: { 'aria-describedby': error ? helperId : undefined } }}
          />
        }
        sx={{
          m: 0,
          pr: 2,
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          '& .MuiFormControlLabel-asterisk': { color: 'error.main' },
        }}
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}
