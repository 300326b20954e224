import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import DnsOutlined from '@mui/icons-material/DnsOutlined';
import InventoryOutlined from '@mui/icons-material/InventoryOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { getAdminCards, type TAdminCardKind } from '../components/admin-cards';

const ICONS: Record<TAdminCardKind, ReactElement> = {
  users: <PeopleAltOutlined />,
  products: <InventoryOutlined />,
  customers: <ContactsOutlined />,
  addresses: <PlaceOutlined />,
  statusTypes: <LabelOutlined />,
  platformSettings: <TuneOutlined />,
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
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: { xs: 3, md: 4 },
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {getAdminCards(user).map((card) => (
          <li key={card.kind}>
            <Card sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={card.to}
                sx={{
                  height: '100%',
                  p: { xs: 2, md: 2.5 },
                  display: 'flex',
                  flexDirection: { xs: 'row', md: 'column' },
                  alignItems: { xs: 'center', md: 'flex-start' },
                  justifyContent: 'flex-start',
                  gap: 2,
                }}
              >
                <Box
                  sx={{
                    width: 44,
                    height: 44,
                    flexShrink: 0,
                    borderRadius: 3,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'action.selected',
                    color: 'primary.main',
                  }}
                >
                  {ICONS[card.kind]}
                </Box>
                <Box sx={{ minWidth: 0, width: '100%' }}>
                  <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                    <Typography variant="h4" component="h2">
                      {card.title}
                    </Typography>
                    <ArrowForward fontSize="small" sx={{ color: 'text.secondary' }} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {card.description}
                  </Typography>
                </Box>
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </Box>
  );
}
