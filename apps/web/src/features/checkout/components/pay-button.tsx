import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';

type TPayButtonProps = { label: string; isBusy: boolean; isDisabled: boolean };

/** A card form's submit button: 'Pay $1,234.50', disabled with a spinner while the payment runs (spec section 4). */
export function PayButton({ label, isBusy, isDisabled }: TPayButtonProps) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      loading={isBusy}
      loadingPosition="start"
      startIcon={<LockOutlined />}
      disabled={isDisabled}
      sx={{ mt: 2, minHeight: 48 }}
    >
      {label}
    </Button>
  );
}
