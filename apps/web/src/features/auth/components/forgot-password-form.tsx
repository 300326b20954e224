import { SHELL_MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { errorText } from '../../../lib/api';
import { TextInput } from '../../../ui/text-input';
import { useToast } from '../../../ui/use-toast';
import { useAuthForm } from '../hooks/use-auth-form';
import { useForgotPassword } from '../hooks/use-auth-mutations';
import type { TForgotForm } from './auth-forms.schema';
import { authSchemas } from './auth-schemas';

type TForgotPasswordFormProps = { defaultUsername?: string; onBack: () => void };

/** Asks for a reset e-mail; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ defaultUsername = '', onBack }: TForgotPasswordFormProps) {
  const toast = useToast();
  const forgot = useForgotPassword();
  const form = useAuthForm(authSchemas.forgot, { username: defaultUsername });

  const handleValid = async (values: TForgotForm) => {
    try {
      await forgot.run(values.username);
      toast.success(SHELL_MSG.resetEmailSent);
      onBack();
    } catch (error) {
      toast.error(errorText(error));
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
      <Button type="submit" variant="contained" size="large" loading={forgot.isPending}>
        Request Password Reset
      </Button>
      <Button type="button" onClick={onBack}>
        Back to login
      </Button>
    </Stack>
  );
}
