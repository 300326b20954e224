import { MSG } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { hasCode } from '../../../lib/api';
import { PageSpinner } from '../../../ui/page-spinner';
import { useToast } from '../../../ui/use-toast';
import { AuthLayout } from '../components/auth-layout';
import { ResetPasswordForm } from '../components/reset-password-form';
import { useResetRequest } from '../hooks/use-reset-request';

/** /ResetPassword?request=<id>: checks the link, then takes the new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const requestId = params.get('request');
  const navigate = useNavigate();
  const toast = useToast();
  const request = useResetRequest(requestId);
  const isExpired = hasCode(request.error, 'RESET_EXPIRED');

  useEffect(() => {
    if (!isExpired) return;
    toast.error(MSG.resetExpired);
    navigate('/Login', { replace: true });
  }, [isExpired, navigate, toast]);

  if (!requestId) return <Navigate to="/Login" replace />;
  if (request.isPending || isExpired) return <PageSpinner />;

  return (
    <AuthLayout>
      <Card component="section" aria-labelledby="reset-title">
        <CardContent sx={{ p: { xs: 2.5, md: 4 }, '&:last-child': { pb: { xs: 3, md: 4 } } }}>
          <Typography id="reset-title" variant="h2" component="h1">
            Reset Password
          </Typography>
          {request.data ? (
            <>
              <Typography color="text.secondary" sx={{ mt: 0.75, mb: 3, overflowWrap: 'anywhere' }}>
                Choose a new password for {request.data.username}.
              </Typography>
              <ResetPasswordForm request={request.data} />
            </>
          ) : (
            <>
              <Alert severity="error" sx={{ mt: 2, mb: 3 }}>
                {hasCode(request.error, 'RESET_INVALID')
                  ? MSG.resetInvalid
                  : (request.error?.message ?? MSG.resetInvalid)}
              </Alert>
              <Button component={RouterLink} to="/Login" variant="contained" fullWidth>
                Back to login
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
