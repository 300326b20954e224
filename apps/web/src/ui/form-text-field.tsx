import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { TextInput, type TTextInputProps } from './text-input';

type TFormTextFieldProps<T extends FieldValues, TOut = T> = Omit<
  TTextInputProps,
  'name' | 'value' | 'onChange' | 'error'
> & {
  name: FieldPath<T>;
  /** A form whose schema transforms its values (strings to numbers, say) works too. */
  control: Control<T, unknown, TOut>;
};

/**
 * A text field bound to react-hook-form: `required` shows the asterisk, and the field's error shows beneath it
 * (errors appear only after submit, as the forms validate on submit only).
 */
export function FormTextField<T extends FieldValues, TOut = T>({
  name,
  control,
  helperText,
  ...props
}: TFormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ name, control });
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
