import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText } from '../../../lib/api';

/** A read that failed: the server's words and Try again. */
export function LoadErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorText(error)}
    </Alert>
  );
}
