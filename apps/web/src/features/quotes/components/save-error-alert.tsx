import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText, hasCode } from '../../../lib/api';

type TSaveErrorAlertProps = {
  error: unknown;
  /** Reads the quote again (and puts its values in the form). */
  onReload: () => void;
};

/**
 * A failed save of the quote. A 409 (someone saved in between) says so in the server's words and offers Reload;
 * other failures keep the typed values so that saving again is one click.
 */
export function SaveErrorAlert({ error, onReload }: TSaveErrorAlertProps) {
  if (!error) return null;
  const isConflict = hasCode(error, 'CONFLICT');
  return (
    <Alert
      severity={isConflict ? 'warning' : 'error'}
      action={
        isConflict ? (
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
        ) : undefined
      }
    >
      {errorText(error)}
    </Alert>
  );
}
