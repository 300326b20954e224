import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PasscodeInput } from '../../../ui/passcode-input';
import { useAuthForm } from '../hooks/use-auth-form';
import { authSchemas } from './auth-schemas';

type TCodeFormProps = {
  label: string;
  /** Under the field until there is an error. */
  hint: string;
  submitLabel: string;
  isPending: boolean;
  /**
   * Sends a well-formed six-digit code; answers the message to show under the emptied field when the code was not
   * accepted, or null when the caller has dealt with the answer (moved on, or told the user another way).
   */
  onCode: (passcode: string) => Promise<string | null>;
  onBack: () => void;
  /** Shown above the field (the authenticator to scan at a first enrolment). */
  children?: ReactNode;
};

/** A six-digit code step of the sign-in: the field (submitted at the sixth digit), the submit and 'Back to login'. */
export function CodeForm({ label, hint, submitLabel, isPending, onCode, onBack, children }: TCodeFormProps) {
  const form = useAuthForm(authSchemas.passcode, { passcode: '' });
  const submit = form.handleSubmit(async ({ passcode }) => {
    const message = await onCode(passcode);
    if (message === null) return;
    form.reset({ passcode: '' });
    form.setError('passcode', message);
    form.setFocus('passcode');
  });
  const field = form.field('passcode');

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {children}
      <PasscodeInput
        label={label}
        placeholder="000 000"
        required
        autoFocus
        name={field.name}
        value={field.value}
        inputRef={field.inputRef}
        onChange={(value) => form.setValue('passcode', value)}
        onComplete={() => void submit()}
        error={field.error}
        helperText={field.helperText ?? hint}
      />
      <Button type="submit" variant="contained" size="large" loading={isPending}>
        {submitLabel}
      </Button>
      <Button type="button" onClick={onBack}>
        Back to login
      </Button>
    </Stack>
  );
}
