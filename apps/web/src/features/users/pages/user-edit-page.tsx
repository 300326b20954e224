import { msgDeleteUserQuestion } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog } from '../../../ui/generic-list';
import { lazyPart, usePreload } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/page-spinner';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { useUser } from '../../profile/hooks/use-user';
import { useDeleteUser, useResetMfaEnrollment } from '../hooks/use-user-admin';

// The form (react-hook-form, the zod schemas, the field widgets) loads beside the record, after the first paint.
const UserForm = lazyPart(() => import('../../profile/components/user-form').then((m) => m.UserForm));

const editPath = (username: string) => `/Users/edit/${encodeURIComponent(username)}`;

function EditUser({ username }: { username: string }) {
  const navigate = useNavigate();
  const toast = useToast();
  const { user: viewer, platform } = useSession();
  const user = useUser(username);
  const deleteUser = useDeleteUser();
  const resetMfa = useResetMfaEnrollment();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isConfirmingReset, setIsConfirmingReset] = useState(false);
  if (!viewer || user.isPending) return <PageSpinner />;
  if (!user.data) {
    return (
      <Alert severity="error" action={<Button onClick={() => navigate('/Users')}>Back to Users</Button>}>
        {errorText(user.error)}
      </Alert>
    );
  }
  const target = user.data;
  const handleDelete = async () => {
    try {
      await deleteUser.mutateAsync(target);
      setIsConfirming(false);
      navigate('/Users', { replace: true });
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const handleResetMfa = async () => {
    try {
      await resetMfa.mutateAsync(target);
      setIsConfirmingReset(false);
      toast.success(`The authenticator of ${target.username} was reset.`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <>
      <UserForm
        key={target.id}
        user={target}
        viewer={viewer}
        viewerPlatform={platform}
        onDone={() => navigate('/Users')}
        onDelete={target.id === viewer.id ? undefined : () => setIsConfirming(true)}
        isDeleting={deleteUser.isPending}
      />
      <ConfirmDialog
        open={isConfirming}
        title="Delete user"
        message={msgDeleteUserQuestion(target.username)}
        isPending={deleteUser.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setIsConfirming(false)}
      />
      {target.hasMfaSecret && (
        <Stack
          component="section"
          aria-labelledby="reset-mfa-title"
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ mt: 4, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <div>
            <Typography id="reset-mfa-title" variant="h3" component="h2">
              Authenticator
            </Typography>
            <Typography color="text.secondary" variant="body2">
              Lost phone? After a reset, the next sign-in sets up an authenticator again, after a code sent by e-mail.
            </Typography>
          </div>
          <Button variant="outlined" color="warning" onClick={() => setIsConfirmingReset(true)}>
            Reset authenticator
          </Button>
        </Stack>
      )}
      <ConfirmDialog
        open={isConfirmingReset}
        title="Reset authenticator"
        message={`Reset the authenticator of ${target.username}? Their next sign-in sets up a new one.`}
        confirmLabel="Yes, reset"
        isPending={resetMfa.isPending}
        onConfirm={() => void handleResetMfa()}
        onCancel={() => setIsConfirmingReset(false)}
      />
    </>
  );
}

function CreateUser() {
  const navigate = useNavigate();
  const { user: viewer, platform } = useSession();
  if (!viewer) return <PageSpinner />;
  return (
    <UserForm
      viewer={viewer}
      viewerPlatform={platform}
      onDone={() => navigate('/Users')}
      // As with products: after create, the editor of the new record.
      onSaved={(created) => navigate(editPath(created.username), { replace: true })}
    />
  );
}

/** /Users/create and /Users/edit/{username}: the user form for administrators. */
export function UserEditPage() {
  usePreload(UserForm);
  const { action, username } = useParams();
  const content =
    action === 'create' ? <CreateUser /> : action === 'edit' && username ? <EditUser username={username} /> : null;
  if (!content) return <Navigate to="/Users" replace />;
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 2.5, md: 5 } }}>
      <Suspense fallback={<PageSpinner />}>{content}</Suspense>
    </Box>
  );
}
