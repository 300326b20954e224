import { SUPER_ADMIN_LEVEL, type TPlatformView } from '@cpq/contracts';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { GenericList, type TListColumn } from '../../../ui/generic-list';
import { useSession } from '../../auth/hooks/use-session';
import { queryPlatforms } from '../components/platform-list-query';
import { SuperAdminOnly } from '../components/super-admin-only';
import { PLATFORM_LIST_KEY } from '../hooks/use-platforms';

const COLUMNS: TListColumn<TPlatformView>[] = [
  { id: 'id', header: 'Id', size: 180 },
  { id: 'name', header: 'Name', size: 240 },
  {
    id: 'emailAddresses',
    header: 'Email Addresses',
    size: 380,
    cell: (platform) =>
      platform.emailAddresses ? (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {platform.emailAddresses.split(',').join(', ')}
        </Box>
      ) : (
        '—'
      ),
  },
];

/** /Platforms: every platform (client tenant), for level 9. */
export function PlatformsPage() {
  const navigate = useNavigate();
  const { user } = useSession();
  if (user && user.roleLevel < SUPER_ADMIN_LEVEL) return <SuperAdminOnly pid={user.pid} />;
  return (
    <GenericList
      listId="platforms"
      title="Platforms"
      subtitle="Client tenants, each with its own settings."
      queryKey={PLATFORM_LIST_KEY}
      query={queryPlatforms}
      columns={COLUMNS}
      getRowId={(platform) => platform.id}
      getRowLabel={(platform) => `Edit ${platform.name}`}
      defaultOrder={['id', 'ASC']}
      onRowClick={(platform) => navigate(`/Platforms/edit/${encodeURIComponent(platform.id)}`)}
      create={{ label: 'Create Platform', onClick: () => navigate('/Platforms/create') }}
      back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
      searchPlaceholder="Search id, name or e-mail"
    />
  );
}
