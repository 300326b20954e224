import { SHELL_MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { errorText } from '../../../lib/api';
import { TextInput } from '../../../ui/text-input';
import { useToast } from '../../../ui/use-toast';
import { isCrmHandoffPath } from '../../crm/logic/handoff';
import { useAuthForm } from '../hooks/use-auth-form';
import { useLogin } from '../hooks/use-auth-mutations';
import { useSignInReturnPath } from '../hooks/use-return-path';
import { useSession } from '../hooks/use-session';
import type { TCredentialsForm, TPendingCode } from './auth-forms.schema';
import { authSchemas } from './auth-schemas';

type TCredentialsFormProps = {
  defaultUsername?: string;
  onCodeRequired: (pending: TPendingCode) => void;
  onForgotPassword: (username: string) => void;
};

/**
 * Email Address, Password and 'Keep me logged in on this computer'. The sign-in returns to the page asked for (a CRM
 * hand-off link tells the server it came from the CRM).
 */
export function CredentialsForm({ defaultUsername = '', onCodeRequired, onForgotPassword }: TCredentialsFormProps) {
  const { startSession } = useSession();
  const toast = useToast();
  const login = useLogin();
  const nextPath = useSignInReturnPath();
  const form = useAuthForm(authSchemas.credentials, { username: defaultUsername, password: '', stayLoggedIn: false });

  const handleValid = async (values: TCredentialsForm) => {
    try {
      const result = await login.run({ ...values, fromSalesforce: isCrmHandoffPath(nextPath) });
      if (result.mfaRequired) {
        onCodeRequired({
          username: values.username.trim().toLowerCase(),
          ticket: result.secret,
          enrollment: result.enrollment,
          mailboxCheck: result.mailboxCheck,
          stayLoggedIn: Boolean(values.stayLoggedIn),
        });
      } else {
        startSession(result, Boolean(values.stayLoggedIn), nextPath);
      }
    } catch (error) {
      toast.error(`${SHELL_MSG.loginFailed} ${errorText(error)}`);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.25} onSubmit={form.handleSubmit(handleValid)}>
      <TextInput
        {...form.field('username')}
        label="Email Address"
        type="email"
        autoComplete="username"
        required
        autoFocus
      />
      <TextInput
        {...form.field('password')}
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Checkbox
              checked={Boolean(form.values.stayLoggedIn)}
              onChange={(event) => form.setValue('stayLoggedIn', event.target.checked)}
            />
          }
          label="Keep me logged in on this computer"
          slotProps={{ typography: { variant: 'body2' } }}
        />
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => onForgotPassword(form.getValues().username)}
        >
          Forgot password?
        </Link>
      </Stack>
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        Login
      </Button>
    </Stack>
  );
}
