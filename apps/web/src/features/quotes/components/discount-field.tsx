import { MSG, percentText, ZDiscountPercent } from '@cpq/contracts';
import type { SxProps, Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type TDiscountFieldProps = {
  label: string;
  /** Shown under the field while its value is valid. */
  hint: string;
  /** The discount in per cent as saved. */
  current: string;
  onDiscount: (discountPercent: string) => Promise<void>;
  isPending: boolean;
  sx?: SxProps<Theme>;
};

/** A discount in per cent (a line's, the quote's): saved on Enter or when it loses focus, checked as the server checks it. */
export function DiscountField({ label, hint, current, onDiscount, isPending, sx }: TDiscountFieldProps) {
  const [value, setValue] = useState(percentText(current));
  const [error, setError] = useState<string | null>(null);
  const handleSave = async () => {
    const parsed = ZDiscountPercent.safeParse(value === '' ? '0' : value);
    if (!parsed.success) {
      setError(MSG.discountPercentFormat);
      return;
    }
    setError(null);
    if (percentText(parsed.data) !== percentText(current)) await onDiscount(parsed.data);
  };
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      disabled={isPending}
      error={error !== null}
      helperText={error ?? hint}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void handleSave()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void handleSave();
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': label } }}
      sx={sx}
    />
  );
}
