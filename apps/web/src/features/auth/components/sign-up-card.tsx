import { SHELL_MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorText } from '../../../lib/api';
import { TextInput } from '../../../ui/text-input';
import { useToast } from '../../../ui/use-toast';
import { useAuthForm } from '../hooks/use-auth-form';
import { useSignUp } from '../hooks/use-auth-mutations';
import type { TPendingCode, TSignUpForm } from './auth-forms.schema';
import { splitName } from './auth-name';
import { authSchemas } from './auth-schemas';

type TSignUpCardProps = { onCodeRequired: (pending: TPendingCode) => void };

/** The compact 'Try it out!' sign-up: name and e-mail, then the authenticator step. */
export function SignUpCard({ onCodeRequired }: TSignUpCardProps) {
  const toast = useToast();
  const signUp = useSignUp();
  const form = useAuthForm(authSchemas.signUp, { name: '', username: '' });

  const handleValid = async (values: TSignUpForm) => {
    try {
      const username = values.username.trim().toLowerCase();
      const result = await signUp.run({ username, ...splitName(values.name) });
      if (!result.signIn) throw new Error(SHELL_MSG.internal);
      onCodeRequired({
        username,
        ticket: result.signIn.secret,
        enrollment: result.signIn.enrollment,
        stayLoggedIn: false,
      });
    } catch (error) {
      toast.error(`${SHELL_MSG.signUpFailed} ${errorText(error)}`);
    }
  };

  return (
    <Card component="section" aria-labelledby="try-it-out-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 }, '&:last-child': { pb: { xs: 2.5, md: 3 } } }}>
        <Typography id="try-it-out-title" variant="h4" component="h2">
          Try it out!
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          New here? Create an account with your name and e-mail address.
        </Typography>
        <Stack component="form" noValidate spacing={1.75} onSubmit={form.handleSubmit(handleValid)}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
            <TextInput {...form.field('name')} label="Name" autoComplete="name" required size="small" />
            <TextInput
              {...form.field('username')}
              label="Email Address"
              type="email"
              autoComplete="email"
              required
              size="small"
            />
          </Stack>
          <Button type="submit" variant="outlined" loading={signUp.isPending}>
            Sign Up
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
