import { SHELL_MSG } from '@cpq/contracts';
import { lazy, Suspense } from 'react';
import { ApiError, errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { useAuthorize } from '../hooks/use-auth-mutations';
import { useSignInReturnPath } from '../hooks/use-return-path';
import { useSession } from '../hooks/use-session';
import type { TPendingCode } from './auth-forms.schema';
import { CodeForm } from './code-form';

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
  const nextPath = useSignInReturnPath();

  const verify = async (passcode: string): Promise<string | null> => {
    try {
      const session = await authorize.run({
        username: pending.username,
        token: passcode,
        secret: pending.ticket,
        stayLoggedIn: pending.stayLoggedIn,
      });
      startSession(session, pending.stayLoggedIn, nextPath);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_PASSCODE') return SHELL_MSG.incorrectPasscode;
      toast.error(`${SHELL_MSG.loginFailed} ${errorText(error)}`);
      // A stale sign-in ticket cannot be fixed here: start again from the password.
      if (error instanceof ApiError && error.status === 401) onBack();
      return null;
    }
  };

  return (
    <CodeForm
      label="Authenticator Code"
      hint="Enter the 6-digit code from your authenticator app."
      submitLabel="Verify"
      isPending={authorize.isPending}
      onCode={verify}
      onBack={onBack}
    >
      {pending.enrollment && (
        <Suspense fallback={null}>
          <AuthenticatorEnrollment secret={pending.enrollment.secret} qrCode={pending.enrollment.qrCode} />
        </Suspense>
      )}
    </CodeForm>
  );
}
