import { MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { errorText } from '../../../lib/api';
import { FormTextField } from '../../../ui/form-text-field';
import { useToast } from '../../../ui/use-toast';
import { isCrmHandoffPath } from '../../crm/logic/handoff';
import { useLogin } from '../hooks/use-auth-mutations';
import { useSignInReturnPath } from '../hooks/use-return-path';
import { useSession } from '../hooks/use-session';
import type { TCredentialsForm, TPendingCode } from './auth-forms.schema';
import { authResolvers } from './auth-resolvers';

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
  const { control, handleSubmit, getValues } = useForm<TCredentialsForm>({
    resolver: authResolvers.credentials,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { username: defaultUsername, password: '', stayLoggedIn: false },
  });

  const handleValid = async (values: TCredentialsForm) => {
    try {
      const result = await login.mutateAsync({ ...values, fromSalesforce: isCrmHandoffPath(nextPath) });
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
      toast.error(`${MSG.loginFailed} ${errorText(error)}`);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.25} onSubmit={handleSubmit(handleValid)}>
      <FormTextField
        control={control}
        name="username"
        label="Email Address"
        type="email"
        autoComplete="username"
        required
        autoFocus
      />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Controller
          control={control}
          name="stayLoggedIn"
          render={({ field }) => (
            <FormControlLabel
              sx={{ mr: 0 }}
              control={
                <Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
              }
              label="Keep me logged in on this computer"
              slotProps={{ typography: { variant: 'body2' } }}
            />
          )}
        />
        <Link component="button" type="button" variant="body2" onClick={() => onForgotPassword(getValues('username'))}>
          Forgot password?
        </Link>
      </Stack>
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        Login
      </Button>
    </Stack>
  );
}
