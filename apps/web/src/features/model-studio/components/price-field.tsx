import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { centsFromText, textFromCents } from '../logic/model-edits';

type TPriceFieldProps = {
  label: string;
  cents: number | undefined;
  onChange: (cents: number | undefined) => void;
  serverError?: string;
  isOptional?: boolean;
  size?: 'small' | 'medium';
};

const PRICE_HINT = 'Enter an amount in dollars and cents, such as 12.50.';

/** A price in dollars as typed, kept by the model as integer cents (never a float). */
export function PriceField({ label, cents, onChange, serverError, isOptional = true, size }: TPriceFieldProps) {
  const [text, setText] = useState(() => textFromCents(cents));
  const [shown, setShown] = useState(cents);
  // A price changed from outside (a reorder, an import) replaces the text; the author's own typing does not.
  if (shown !== cents) {
    setShown(cents);
    if (centsFromText(text) !== (cents ?? null)) setText(textFromCents(cents));
  }
  const parsed = centsFromText(text);
  const isEmptyAllowed = isOptional && text.trim() === '';
  const error = !isEmptyAllowed && parsed === null ? PRICE_HINT : serverError;
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const value = centsFromText(next);
        if (next.trim() === '' && isOptional) {
          setShown(undefined);
          onChange(undefined);
        } else if (value !== null) {
          setShown(value);
          onChange(value);
        }
      }}
      onBlur={() => parsed !== null && setText(textFromCents(parsed))}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      size={size}
      slotProps={{
        htmlInput: { inputMode: 'decimal' },
        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
      }}
    />
  );
}
