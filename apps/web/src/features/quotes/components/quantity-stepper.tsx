import Add from '@mui/icons-material/Add';
import Remove from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type TQuantityStepperProps = {
  quantity: number;
  /** What the quantity is of, for the buttons' names ('Decrease the quantity of HNG-9'). */
  label: string;
  isPending: boolean;
  /** The quantity asked for: one less or one more (below 1 is the caller's to refuse). */
  onChange: (quantity: number) => void;
};

/** A line's quantity with minus and plus buttons; each click asks for one less or one more. */
export function QuantityStepper({ quantity, label, isPending, onChange }: TQuantityStepperProps) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 0.25 }}>
      <IconButton
        size="small"
        aria-label={`Decrease the quantity of ${label}`}
        disabled={isPending}
        onClick={() => onChange(quantity - 1)}
      >
        <Remove fontSize="small" />
      </IconButton>
      <Typography
        component="output"
        aria-live="polite"
        aria-label={`Quantity of ${label}`}
        sx={{ minWidth: '2.5ch', textAlign: 'center', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
      >
        {quantity}
      </Typography>
      <IconButton
        size="small"
        aria-label={`Increase the quantity of ${label}`}
        disabled={isPending}
        onClick={() => onChange(quantity + 1)}
      >
        <Add fontSize="small" />
      </IconButton>
    </Stack>
  );
}
