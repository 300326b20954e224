import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';

export type TTextInputProps = Omit<OutlinedInputProps, 'label' | 'notched'> & {
  label: ReactNode;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  /** Keeps the label above the field, so that its placeholder shows before it is focused (a stored secret's hint). */
  isLabelFloating?: boolean;
};

/**
 * An outlined text field with label, asterisk when required, and helper or error text beneath. It is MUI's
 * TextField without the select machinery (menus, popovers, modals), which keeps the sign-in screens light.
 */
export function TextInput({
  label,
  helperText,
  required,
  error,
  disabled,
  size,
  id,
  fullWidth = true,
  isLabelFloating,
  ...props
}: TTextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl fullWidth={fullWidth} required={required} error={error} disabled={disabled} size={size}>
      <InputLabel htmlFor={inputId} shrink={isLabelFloating || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...props}
        id={inputId}
        label={label}
        notched={isLabelFloating || undefined}
        aria-describedby={helperId}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
