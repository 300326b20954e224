import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useId, useState } from 'react';
import { parseQuantityText } from './quantity-text';

type TQuantityStepperProps = {
  quantity: number;
  /** What the quantity is of, for the field's and buttons' names ('Decrease the quantity of HNG-9'). */
  label: string;
  isPending: boolean;
  /** Saves the quantity asked for (one less, one more, or typed); settles once the answer is in. */
  onChange: (quantity: number) => Promise<void>;
};

/**
 * A line's quantity: minus and plus, or typed into the field and saved on Enter or when the field is left. Typed
 * text that is no quantity stays in the field with the reason beneath it, and nothing is sent; Escape puts the saved
 * quantity back.
 */
export function QuantityStepper({ quantity, label, isPending, onChange }: TQuantityStepperProps) {
  const errorId = useId();
  // What is typed and not saved yet (null: the field shows the saved quantity).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (next: number) => {
    setError(null);
    await onChange(next);
    setDraft(null);
  };
  const commit = () => {
    if (draft === null) return;
    const parsed = parseQuantityText(draft);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    if (parsed.quantity === quantity) {
      setDraft(null);
      setError(null);
      return;
    }
    void save(parsed.quantity);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape' && (draft !== null || error !== null)) {
      event.preventDefault();
      event.stopPropagation();
      setDraft(null);
      setError(null);
    }
  };
  const step = (next: number) => {
    setDraft(null);
    setError(null);
    void onChange(next);
  };

  return (
    <Box sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 0.25 }}>
        <IconButton
          size="small"
          aria-label={`Decrease the quantity of ${label}`}
          disabled={isPending}
          onClick={() => step(quantity - 1)}
        >
          <Remove fontSize="small" />
        </IconButton>
        <InputBase
          value={draft ?? String(quantity)}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onBlur={commit}
          onKeyDown={handleKeyDown}
          readOnly={isPending}
          error={error !== null}
          inputProps={{
            'aria-label': `Quantity of ${label}`,
            'aria-invalid': error !== null,
            'aria-describedby': error ? errorId : undefined,
            inputMode: 'numeric',
            autoComplete: 'off',
            size: 5,
          }}
          sx={{
            width: '7ch',
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1.5,
            '&.Mui-focused': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
            '& input': {
              py: 0.5,
              px: 0.5,
              textAlign: 'center',
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
            },
          }}
        />
        <IconButton
          size="small"
          aria-label={`Increase the quantity of ${label}`}
          disabled={isPending}
          onClick={() => step(quantity + 1)}
        >
          <Add fontSize="small" />
        </IconButton>
      </Stack>
      {error && (
        <Typography
          id={errorId}
          role="alert"
          variant="caption"
          color="error"
          sx={{ maxWidth: 200, textAlign: 'right', whiteSpace: 'normal', lineHeight: 1.3, mt: 0.25 }}
        >
          {error}
        </Typography>
      )}
    </Box>
  );
}
