import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { AccountFacts } from '../components/account-facts';
import { getHomeCards, type THomeCardKind } from '../components/home-cards';

const ICONS: Record<THomeCardKind, ReactElement> = {
  quotes: <RequestQuoteOutlined />,
  orders: <LocalShippingOutlined />,
  administration: <AdminPanelSettingsOutlined />,
  profile: <ManageAccountsOutlined />,
};

/** The signed-in home: who you are, where you work, and the areas your role opens. */
export function HomePage() {
  const { user, platform } = useSession();
  if (!user) return null;
  const name = user.firstName || user.username;

  return (
    <Box sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 5 } }}>
      <Typography variant="overline" color="text.secondary">
        {platform?.name ?? user.pid}
      </Typography>
      <Typography variant="h1" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        Welcome, {name}
      </Typography>
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Chip label={user.roleName} color="primary" variant="outlined" size="small" />
      </Stack>
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
        {getHomeCards(user).map((card) => (
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
      <AccountFacts user={user} platform={platform} />
    </Box>
  );
}
