import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { PageSpinner } from '../../ui/page-spinner';
import { isPublicPath } from './public-routes';

/** Waits for the user and the platform; sends signed-out visitors of private paths to /Login. */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { auth, isLoading, loadError, retry } = useSession();
  const { pathname } = useLocation();
  if (loadError) {
    return (
      <Stack spacing={2} role="alert" sx={{ flex: 1, alignItems: 'center', justifyContent: 'center', p: 4 }}>
        <Typography variant="h3" component="h1">
          We could not load your session
        </Typography>
        <Typography color="text.secondary">{loadError.message}</Typography>
        <Button variant="contained" onClick={retry}>
          Try again
        </Button>
      </Stack>
    );
  }
  if (isLoading) return <PageSpinner />;
  if (!auth && !isPublicPath(pathname)) return <Navigate to="/Login" replace />;
  return children;
}
