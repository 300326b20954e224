import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { centsFromText, textFromCents } from '../logic/model-edits';
import { useTypedNumber } from './number-text-field';

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
  const { text, setText, handleChange, isReadable } = useTypedNumber({
    value: cents,
    onChange,
    parse: centsFromText,
    format: textFromCents,
    isOptional,
  });
  const error = isReadable ? serverError : PRICE_HINT;
  return (
    <TextField
      label={label}
      value={text}
      onChange={(event) => handleChange(event.target.value)}
      onBlur={() => {
        const parsed = centsFromText(text);
        if (parsed !== null) setText(textFromCents(parsed));
      }}
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
