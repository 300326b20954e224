import { MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { lazy, Suspense } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import { PasscodeInput } from '../../../ui/passcode-input';
import { useToast } from '../../../ui/use-toast';
import { useAuthorize } from '../hooks/use-auth-mutations';
import { useSession } from '../hooks/use-session';
import type { TPasscodeForm, TPendingCode } from './auth-forms.schema';
import { authResolvers } from './auth-resolvers';

// Only new users enrol, so the enrolment panel loads on demand.
const AuthenticatorEnrollment = lazy(() =>
  import('../../../ui/authenticator-enrollment').then((m) => ({ default: m.AuthenticatorEnrollment })),
);

type TPasscodeFormProps = { pending: TPendingCode; onBack: () => void };

/** The six-digit code stage; shows the enrolment code first when the user has no authenticator yet. */
export function PasscodeForm({ pending, onBack }: TPasscodeFormProps) {
  const { startSession } = useSession();
  const toast = useToast();
  const authorize = useAuthorize();
  const { control, handleSubmit, reset, setError, setFocus } = useForm<TPasscodeForm>({
    resolver: authResolvers.passcode,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { passcode: '' },
  });

  const handleValid = async ({ passcode }: TPasscodeForm) => {
    try {
      const session = await authorize.mutateAsync({
        username: pending.username,
        token: passcode,
        secret: pending.ticket,
        stayLoggedIn: pending.stayLoggedIn,
      });
      startSession(session, pending.stayLoggedIn);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSCODE') {
        reset({ passcode: '' });
        setError('passcode', { message: MSG.incorrectPasscode });
        setFocus('passcode');
        return;
      }
      toast.error(`${MSG.loginFailed} ${errorText(error)}`);
      // A stale sign-in ticket cannot be fixed here: start again from the password.
      if (error instanceof ApiError && error.status === 401) onBack();
    }
  };
  const submit = handleSubmit(handleValid);

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={submit}>
      {pending.enrollment && (
        <Suspense fallback={null}>
          <AuthenticatorEnrollment secret={pending.enrollment.secret} qrCode={pending.enrollment.qrCode} />
        </Suspense>
      )}
      <Controller
        control={control}
        name="passcode"
        render={({ field, fieldState }) => (
          <PasscodeInput
            label="Authenticator Code"
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
            helperText={fieldState.error?.message ?? 'Enter the 6-digit code from your authenticator app.'}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" loading={authorize.isPending}>
        Verify
      </Button>
      <Button type="button" onClick={onBack}>
        Back to login
      </Button>
    </Stack>
  );
}
