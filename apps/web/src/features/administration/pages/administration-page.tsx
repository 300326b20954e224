import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApprovalOutlined from '@mui/icons-material/ApprovalOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import InventoryOutlined from '@mui/icons-material/InventoryOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import SyncProblemOutlined from '@mui/icons-material/SyncProblemOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { LinkCardGrid } from '../../../ui/link-card-grid';
import { useSession } from '../../auth/hooks/use-session';
import { getAdminCards, type TAdminCardKind } from '../components/admin-cards';

const ICONS: Record<TAdminCardKind, ReactElement> = {
  users: <PeopleAltOutlined />,
  products: <InventoryOutlined />,
  customers: <ContactsOutlined />,
  addresses: <PlaceOutlined />,
  priceLists: <SellOutlined />,
  approvalRules: <ApprovalOutlined />,
  statusTypes: <LabelOutlined />,
  platformSettings: <TuneOutlined />,
  jobs: <SyncProblemOutlined />,
  roles: <AdminPanelSettingsOutlined />,
  platforms: <DnsOutlined />,
};

/** /Administration: a card per area the user's level opens. */
export function AdministrationPage() {
  const { user, platform } = useSession();
  if (!user) return null;
  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" color="text.secondary">
        {platform?.name ?? user.pid}
      </Typography>
      <Typography variant="h1" sx={{ mt: 0.5 }}>
        Administration
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        Manage the people, catalog and settings of your platform.
      </Typography>
      <LinkCardGrid cards={getAdminCards(user).map((card) => ({ ...card, key: card.kind, icon: ICONS[card.kind] }))} />
    </Box>
  );
}
