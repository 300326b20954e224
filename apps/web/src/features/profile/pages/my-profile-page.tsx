import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { lazyPart, usePreload } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/page-spinner';
import { useGoBack } from '../../../ui/use-go-back';
import { useSession } from '../../auth/hooks/use-session';
import { useUser } from '../hooks/use-user';

// The form (react-hook-form, the zod schemas, the field widgets) loads beside the record, after the first paint.
const UserForm = lazyPart(() => import('../components/user-form').then((m) => m.UserForm));

/** /MyProfile/{username}: the user form for one's own profile. */
export function MyProfilePage() {
  usePreload(UserForm);
  const { username = '' } = useParams();
  const { user: viewer, platform } = useSession();
  const user = useUser(username);
  const goBack = useGoBack('/');

  if (!viewer || user.isPending) return <PageSpinner />;
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 2.5, md: 5 } }}>
      {user.data ? (
        <Suspense fallback={<PageSpinner />}>
          <UserForm key={user.data.id} user={user.data} viewer={viewer} viewerPlatform={platform} onDone={goBack} />
        </Suspense>
      ) : (
        <Alert severity="error">{user.error?.message}</Alert>
      )}
    </Box>
  );
}
