import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { checkoutProblem } from '../logic/checkout-errors';

type TCheckoutErrorAlertProps = {
  error: unknown;
  /** Reads the quote again (after a 409: someone changed it) and clears the message. */
  onReload: () => void;
};

/** A failed order or payment: what happened and what to do next; a changed quote offers Reload. */
export function CheckoutErrorAlert({ error, onReload }: TCheckoutErrorAlertProps) {
  if (!error) return null;
  const problem = checkoutProblem(error);
  return (
    <Alert
      severity={problem.severity}
      action={
        problem.canReload ? (
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
        ) : undefined
      }
    >
      {problem.text}
    </Alert>
  );
}
