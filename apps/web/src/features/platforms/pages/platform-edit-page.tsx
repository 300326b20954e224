import { SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { lazyPart, usePreload } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSession } from '../../auth/hooks/use-session';
import { SuperAdminOnly } from '../components/super-admin-only';
import { usePlatform } from '../hooks/use-platforms';

// The form (react-hook-form, the zod schemas, the field widgets) loads beside the record, after the first paint.
const ConnectionsSection = lazyPart(() =>
  import('../components/connections-section').then((m) => m.ConnectionsSection),
);
const PlatformForm = lazyPart(() => import('../components/platform-form').then((m) => m.PlatformForm));

/**
 * /Platforms/create and /Platforms/edit/{pid}: also a level-5 administrator's own Platform Settings; an existing
 * platform also shows its ERP and CRM Connections, saved on their own.
 */
export function PlatformEditPage() {
  usePreload(ConnectionsSection, PlatformForm);
  const { action, pid } = useParams();
  const isCreate = action === 'create';
  const { user } = useSession();
  const platform = usePlatform(isCreate ? undefined : pid);
  if (isCreate && user && user.roleLevel < SUPER_ADMIN_LEVEL) return <SuperAdminOnly pid={user.pid} />;
  if (!isCreate && pid && platform.isPending) return <PageSpinner />;
  const data = platform.data && 'csiOrderCompleteString' in platform.data ? platform.data : null;
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 2.5, md: 5 } }}>
      <Suspense fallback={<PageSpinner />}>
        {isCreate ? (
          <PlatformForm platform={null} />
        ) : data ? (
          <>
            <PlatformForm key={data.id} platform={data} />
            <ConnectionsSection key={`connections-${data.id}`} platform={data} />
          </>
        ) : (
          <Alert severity="error">{platform.error?.message ?? 'We could not find that platform.'}</Alert>
        )}
      </Suspense>
    </Box>
  );
}
