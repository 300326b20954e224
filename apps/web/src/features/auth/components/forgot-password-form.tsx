import { MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { errorText } from '../../../lib/api';
import { FormTextField } from '../../../ui/form-text-field';
import { useToast } from '../../../ui/use-toast';
import { useForgotPassword } from '../hooks/use-auth-mutations';
import type { TForgotForm } from './auth-forms.schema';
import { authResolvers } from './auth-resolvers';

type TForgotPasswordFormProps = { defaultUsername?: string; onBack: () => void };

/** Asks for a reset e-mail; the answer is the same whether or not the account exists. */
export function ForgotPasswordForm({ defaultUsername = '', onBack }: TForgotPasswordFormProps) {
  const toast = useToast();
  const forgot = useForgotPassword();
  const { control, handleSubmit } = useForm<TForgotForm>({
    resolver: authResolvers.forgot,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { username: defaultUsername },
  });

  const handleValid = async (values: TForgotForm) => {
    try {
      await forgot.mutateAsync(values.username);
      toast.success(MSG.resetEmailSent);
      onBack();
    } catch (error) {
      toast.error(errorText(error));
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
      <Button type="submit" variant="contained" size="large" loading={forgot.isPending}>
        Request Password Reset
      </Button>
      <Button type="button" onClick={onBack}>
        Back to login
      </Button>
    </Stack>
  );
}
