import { MSG, type TPasswordResetRequest } from '@cpq/contracts';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { TextInput } from '../../../ui/text-input';
import { useGoBack } from '../../../ui/use-go-back';
import { useToast } from '../../../ui/use-toast';
import { useAuthForm } from '../hooks/use-auth-form';
import { useResetPassword } from '../hooks/use-auth-mutations';
import type { TResetPasswordForm } from './auth-forms.schema';
import { authSchemas } from './auth-schemas';

/** New Password and Confirm Password; saving goes to /Login. */
export function ResetPasswordForm({ request }: { request: TPasswordResetRequest }) {
  const navigate = useNavigate();
  const toast = useToast();
  const resetPassword = useResetPassword();
  const form = useAuthForm(authSchemas.resetPassword, { password: '', confirmPassword: '' });
  const goToLogin = () => navigate('/Login', { replace: true });
  const goBack = useGoBack('/Login');

  const handleValid = async (values: TResetPasswordForm) => {
    try {
      await resetPassword.run({
        userId: request.userId,
        password: values.password,
        resetId: request.passwordResetRequestId,
      });
      toast.success(MSG.passwordResetDone);
      goToLogin();
    } catch (error) {
      toast.error(MSG.resetFailed);
      // The server's own reason for the password (too common, say) belongs under the field.
      const detail = error instanceof ApiError ? error.details.find((d) => d.path.endsWith('password')) : undefined;
      if (detail) form.setError('password', detail.message);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2.25} onSubmit={form.handleSubmit(handleValid)}>
      <TextInput
        {...form.field('password')}
        label="New Password"
        type="password"
        autoComplete="new-password"
        required
        autoFocus
      />
      <TextInput
        {...form.field('confirmPassword')}
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
      />
      <Button type="submit" variant="contained" size="large" loading={resetPassword.isPending}>
        Save Password
      </Button>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
        <Button type="button" startIcon={<ArrowBack />} onClick={goBack}>
          Back
        </Button>
        <Button type="button" color="inherit" onClick={goToLogin}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}
