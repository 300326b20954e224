import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../ui/page-spinner';
import { useGoBack } from '../../../ui/use-go-back';
import { useSession } from '../../auth/hooks/use-session';
import { UserForm } from '../components/user-form';
import { useUser } from '../hooks/use-user';

/** /MyProfile/{username}: the user form for one's own profile. */
export function MyProfilePage() {
  const { username = '' } = useParams();
  const { user: viewer, platform } = useSession();
  const user = useUser(username);
  const goBack = useGoBack('/');

  if (!viewer || user.isPending) return <PageSpinner />;
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 2.5, md: 5 } }}>
      {user.data ? (
        <UserForm key={user.data.id} user={user.data} viewer={viewer} viewerPlatform={platform} onDone={goBack} />
      ) : (
        <Alert severity="error">{user.error?.message}</Alert>
      )}
    </Box>
  );
}
