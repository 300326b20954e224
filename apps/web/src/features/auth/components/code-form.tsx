import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PasscodeInput } from '../../../ui/passcode-input';
import type { TPasscodeForm } from './auth-forms.schema';
import { authResolvers } from './auth-resolvers';

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
  const { control, handleSubmit, reset, setError, setFocus } = useForm<TPasscodeForm>({
    resolver: authResolvers.passcode,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { passcode: '' },
  });
  const submit = handleSubmit(async ({ passcode }) => {
    const message = await onCode(passcode);
    if (message === null) return;
    reset({ passcode: '' });
    setError('passcode', { message });
    setFocus('passcode');
  });

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {children}
      <Controller
        control={control}
        name="passcode"
        render={({ field, fieldState }) => (
          <PasscodeInput
            label={label}
            placeholder="000 000"
            required
            autoFocus
            name={field.name}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={field.onChange}
            onComplete={() => void submit()}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? hint}
          />
        )}
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
