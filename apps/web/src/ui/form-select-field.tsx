import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';

export type TSelectOption = { value: string; label: string };

type TFormSelectFieldProps<T extends FieldValues, TOut = T> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error' | 'select' | 'children'
> & {
  name: FieldPath<T>;
  /** A form whose schema transforms its values (strings to numbers, say) works too. */
  control: Control<T, unknown, TOut>;
  options: TSelectOption[];
  /** Shown while nothing is chosen, e.g. 'Select a Value'. */
  placeholder?: string;
};

/** A select bound to react-hook-form, with the required asterisk and the error beneath. */
export function FormSelectField<T extends FieldValues, TOut = T>({
  name,
  control,
  options,
  placeholder,
  helperText,
  slotProps,
  ...props
}: TFormSelectFieldProps<T, TOut>) {
  const { field, fieldState } = useController<T, FieldPath<T>, TOut>({ name, control });
  const value = (field.value as string | undefined) ?? '';
  // A stored value the list does not offer (an old role, say) still shows instead of a blank.
  const shown =
    value && !options.some((option) => option.value === value) ? [...options, { value, label: value }] : options;
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        ...slotProps,
        inputLabel: placeholder ? { shrink: true } : undefined,
        select: {
          displayEmpty: Boolean(placeholder),
          renderValue: (selected) => {
            const option = shown.find((item) => item.value === selected);
            return option ? option.label : <span style={{ opacity: 0.7 }}>{placeholder}</span>;
          },
        },
      }}
    >
      {placeholder && (
        <MenuItem value="" disabled>
          {placeholder}
        </MenuItem>
      )}
      {shown.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
