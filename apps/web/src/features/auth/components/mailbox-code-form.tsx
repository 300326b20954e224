import { SHELL_MSG } from '@cpq/contracts';
import { ApiError, errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { useConfirmMailbox } from '../hooks/use-auth-mutations';
import type { TPendingCode } from './auth-forms.schema';
import { CodeForm } from './code-form';

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

  const confirm = async (passcode: string): Promise<string | null> => {
    try {
      const result = await confirmMailbox.run({
        username: pending.username,
        code: passcode,
        secret: pending.ticket,
      });
      onConfirmed({ ...pending, ticket: result.secret, enrollment: result.enrollment, mailboxCheck: false });
      return null;
    } catch (error) {
      // A stale sign-in ticket cannot be fixed here: start again from the password.
      if (error instanceof ApiError && error.status === 401 && error.code !== 'INVALID_PASSCODE') {
        toast.error(`${SHELL_MSG.loginFailed} ${errorText(error)}`);
        onBack();
        return null;
      }
      // Wrong, expired (a new code was sent) or used up (sign in again): the server's message says what to do.
      return errorText(error);
    }
  };

  return (
    <CodeForm
      label="E-mail Code"
      hint={`Enter the 6-digit code we sent to ${pending.username}. It expires in 10 minutes.`}
      submitLabel="Continue"
      isPending={confirmMailbox.isPending}
      onCode={confirm}
      onBack={onBack}
    />
  );
}
