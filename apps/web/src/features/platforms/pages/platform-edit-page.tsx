import { SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSession } from '../../auth/hooks/use-session';
import { ConnectionsSection } from '../components/connections-section';
import { PlatformForm } from '../components/platform-form';
import { SuperAdminOnly } from '../components/super-admin-only';
import { usePlatform } from '../hooks/use-platforms';

/**
 * /Platforms/create and /Platforms/edit/{pid}: also a level-5 administrator's own Platform Settings; an existing
 * platform also shows its ERP and CRM Connections, saved on their own.
 */
export function PlatformEditPage() {
  const { action, pid } = useParams();
  const isCreate = action === 'create';
  const { user } = useSession();
  const platform = usePlatform(isCreate ? undefined : pid);
  if (isCreate && user && user.roleLevel < SUPER_ADMIN_LEVEL) return <SuperAdminOnly pid={user.pid} />;
  if (!isCreate && pid && platform.isPending) return <PageSpinner />;
  const data = platform.data && 'csiOrderCompleteString' in platform.data ? platform.data : null;
  return (
    <Box sx={{ width: '100%', maxWidth: 880, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 2.5, md: 5 } }}>
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
    </Box>
  );
}
