import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { TextInput, type TTextInputProps } from './text-input';

type TFormTextFieldProps<T extends FieldValues> = Omit<TTextInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: FieldPath<T>;
  control: Control<T>;
};

/**
 * A text field bound to react-hook-form: `required` shows the asterisk, and the field's error shows beneath it
 * (errors appear only after submit, as the forms validate on submit only).
 */
export function FormTextField<T extends FieldValues>({ name, control, helperText, ...props }: TFormTextFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
    />
  );
}
