import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../features/auth/hooks/use-session';
import { returnStateOf } from '../../features/auth/logic/return-path';
import { PageSpinner } from '../../ui/page-spinner';
import { isPublicPath } from './public-routes';

/** Waits for the user and the platform; sends signed-out visitors of private paths to /Login (and back after). */
export function SessionGuard({ children }: { children: ReactNode }) {
  const { auth, isLoading, loadError, retry } = useSession();
  const location = useLocation();
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
  // /Login brings the visitor back here after the sign-in, query included (a CRM hand-off, say).
  if (!auth && !isPublicPath(location.pathname))
    return <Navigate to="/Login" replace state={returnStateOf(location)} />;
  return children;
}
