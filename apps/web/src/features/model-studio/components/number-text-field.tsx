import TextField from '@mui/material/TextField';
import { useState } from 'react';

type TNumberTextFieldProps = {
  label: string;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  /** Reads the typed text; null when it is not an acceptable number. */
  parse: (text: string) => number | null;
  /** Said under the field while the text cannot be read: what to type instead. */
  hint: string;
  serverError?: string;
  isOptional?: boolean;
};

type TTypedNumberOptions = {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  parse: (text: string) => number | null;
  /** The text a value is shown as (empty for none). */
  format: (value: number | undefined) => string;
  isOptional: boolean;
};

/**
 * The text of a number field: text the author is still writing stays on screen, the model keeps the last good
 * number, and a value changed from outside (a removal above, a reorder, an import) replaces the text.
 */
export function useTypedNumber({ value, onChange, parse, format, isOptional }: TTypedNumberOptions) {
  const [text, setText] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (parse(text) !== (value ?? null)) setText(format(value));
  }
  const handleChange = (next: string) => {
    setText(next);
    const parsed = parse(next);
    if (next.trim() === '' && isOptional) {
      setShown(undefined);
      onChange(undefined);
    } else if (parsed !== null) {
      setShown(parsed);
      onChange(parsed);
    }
  };
  const isReadable = (isOptional && text.trim() === '') || parse(text) !== null;
  return { text, setText, handleChange, isReadable };
}

const plainText = (value: number | undefined) => (value === undefined ? '' : String(value));

/** A number as typed (see useTypedNumber), with the hint under the field while its text cannot be read. */
export function NumberTextField({
  label,
  value,
  onChange,
  parse,
  hint,
  serverError,
  isOptional = false,
}: TNumberTextFieldProps) {
  const { text, handleChange, isReadable } = useTypedNumber({ value, onChange, parse, format: plainText, isOptional });
  const error = isReadable ? serverError : hint;
  return (
    <TextField
      label={label}
      size="small"
      value={text}
      onChange={(event) => handleChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}

/** A whole number of at least 1, or null. */
export const parseMinQuantity = (text: string): number | null =>
  /^\s*\d{1,9}\s*$/.test(text) && Number(text) >= 1 ? Number(text) : null;

/** A finite decimal number (an optional sign, digits, an optional fraction), or null. */
export const parseDecimal = (text: string): number | null =>
  /^\s*-?\d{1,15}(\.\d+)?\s*$/.test(text) ? Number(text) : null;

/** A decimal number of at least 0, or null. */
export const parseFactor = (text: string): number | null => {
  const value = parseDecimal(text);
  return value !== null && value >= 0 ? value : null;
};
