import { SUPER_ADMIN_LEVEL, type TRole } from '@cpq/contracts';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { lazyPart, usePreloadWhenIdle } from '../../../ui/lazy-part';
import { PartProgress } from '../../../ui/part-progress';
import { useSession } from '../../auth/hooks/use-session';
import { RoleCard } from '../components/role-card';
import { useRoleList } from '../hooks/use-roles';

// The editor panel (its form, with react-hook-form and the zod schemas) is not on the list's first screen.
const RolePanel = lazyPart(() => import('../components/role-panel').then((m) => m.RolePanel));

const GRID = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
} as const;

/** /Role/{pid}: role cards sorted by level, and the role editor panel. */
export function RolesPage() {
  usePreloadWhenIdle(RolePanel);
  const navigate = useNavigate();
  const { user } = useSession();
  const roles = useRoleList(user?.roleLevel ?? 0);
  // `key` gives each opening a fresh form; the panel stays mounted while it slides out.
  const [editing, setEditing] = useState<{ key: number; role: TRole | null; isOpen: boolean } | null>(null);
  if (!user) return null;
  const canManage = user.roleLevel >= SUPER_ADMIN_LEVEL;
  const open = (role: TRole | null) => setEditing((current) => ({ key: (current?.key ?? 0) + 1, role, isOpen: true }));

  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 2.5, md: 4 } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: { xs: 2.5, md: 3.5 }, flexWrap: 'wrap' }}>
        <Tooltip title="Back to Administration">
          <IconButton
            onClick={() => navigate('/Administration')}
            aria-label="Back to Administration"
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ArrowBack />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '1.625rem', md: '2rem' } }}>
            Role Management
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            Roles decide what each user can open. Higher levels include everything below them.
          </Typography>
        </Box>
        {canManage && (
          <Button variant="contained" startIcon={<Add />} onClick={() => open(null)}>
            Create Role
          </Button>
        )}
      </Stack>
      {roles.isError ? (
        <Stack role="alert" spacing={1.5} sx={{ alignItems: 'center', py: 6, textAlign: 'center' }}>
          <Typography variant="h5" component="p">
            The roles could not be loaded
          </Typography>
          <Typography color="text.secondary">{errorText(roles.error)}</Typography>
          <Button variant="contained" onClick={() => void roles.refetch()}>
            Retry
          </Button>
        </Stack>
      ) : (
        <Box component="ul" sx={GRID}>
          {roles.isPending
            ? Array.from({ length: 4 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={index} aria-hidden>
                  <Skeleton variant="rounded" height={112} sx={{ borderRadius: 3.75 }} />
                </li>
              ))
            : roles.data.map((role) => (
                <li key={role.id}>
                  <RoleCard role={role} onOpen={() => open(role)} />
                </li>
              ))}
        </Box>
      )}
      {editing && (
        <Suspense fallback={<PartProgress />}>
          <RolePanel
            key={editing.key}
            open
            role={editing.role}
            canManage={canManage}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
