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

/** A number as typed: text the author is still writing stays on screen, the model keeps the last good number. */
export function NumberTextField({
  label,
  value,
  onChange,
  parse,
  hint,
  serverError,
  isOptional = false,
}: TNumberTextFieldProps) {
  const [text, setText] = useState(() => (value === undefined ? '' : String(value)));
  const [shown, setShown] = useState(value);
  // A value changed from outside (a removal above, an import) replaces the text; the author's own typing does not.
  if (shown !== value) {
    setShown(value);
    if (parse(text) !== (value ?? null)) setText(value === undefined ? '' : String(value));
  }
  const isEmptyAllowed = isOptional && text.trim() === '';
  const error = !isEmptyAllowed && parse(text) === null ? hint : serverError;
  return (
    <TextField
      label={label}
      size="small"
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const parsed = parse(next);
        if (next.trim() === '' && isOptional) {
          setShown(undefined);
          onChange(undefined);
        } else if (parsed !== null) {
          setShown(parsed);
          onChange(parsed);
        }
      }}
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
