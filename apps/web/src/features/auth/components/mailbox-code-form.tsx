import { MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import { PasscodeInput } from '../../../ui/passcode-input';
import { useToast } from '../../../ui/use-toast';
import { useConfirmMailbox } from '../hooks/use-auth-mutations';
import type { TPasscodeForm, TPendingCode } from './auth-forms.schema';
import { authResolvers } from './auth-resolvers';

type TMailboxCodeFormProps = {
  pending: TPendingCode;
  /** The mailbox is proven: the pending sign-in now carries the authenticator to scan and a fresh ticket. */
  onConfirmed: (pending: TPendingCode) => void;
  onBack: () => void;
};

/**
 * 'Check your e-mail': the six-digit code mailed at a first enrolment. Only after it does the server answer the
 * authenticator secret (so the password alone never enrols a device).
 */
export function MailboxCodeForm({ pending, onConfirmed, onBack }: TMailboxCodeFormProps) {
  const toast = useToast();
  const confirmMailbox = useConfirmMailbox();
  const { control, handleSubmit, reset, setError, setFocus } = useForm<TPasscodeForm>({
    resolver: authResolvers.passcode,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { passcode: '' },
  });

  const handleValid = async ({ passcode }: TPasscodeForm) => {
    try {
      const result = await confirmMailbox.mutateAsync({
        username: pending.username,
        code: passcode,
        secret: pending.ticket,
      });
      onConfirmed({ ...pending, ticket: result.secret, enrollment: result.enrollment, mailboxCheck: false });
    } catch (error) {
      // A stale sign-in ticket cannot be fixed here: start again from the password.
      if (error instanceof ApiError && error.status === 401 && error.code !== 'INVALID_PASSCODE') {
        toast.error(`${MSG.loginFailed} ${errorText(error)}`);
        onBack();
        return;
      }
      // Wrong, expired (a new code was sent) or used up (sign in again): the server's message says what to do.
      reset({ passcode: '' });
      setError('passcode', { message: errorText(error) });
      setFocus('passcode');
    }
  };
  const submit = handleSubmit(handleValid);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      <Controller
        control={control}
        name="passcode"
        render={({ field, fieldState }) => (
          <PasscodeInput
            label="E-mail Code"
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
            helperText={
              fieldState.error?.message ??
              `Enter the 6-digit code we sent to ${pending.username}. It expires in 10 minutes.`
            }
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" loading={confirmMailbox.isPending}>
        Continue
      </Button>
      <Button type="button" onClick={onBack}>
        Back to login
      </Button>
    </Stack>
  );
}
