import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { LinkCardGrid } from '../../../ui/link-card-grid';
import { useSession } from '../../auth/hooks/use-session';
import { ProductCatalogButton } from '../../catalog/components/product-catalog-button';
import { QuickConfigCards } from '../../catalog/components/quick-config-cards';
import { AccountFacts } from '../components/account-facts';
import { getHomeCards, type THomeCardKind } from '../components/home-cards';

const ICONS: Record<THomeCardKind, ReactElement> = {
  quotes: <RequestQuoteOutlined />,
  orders: <LocalShippingOutlined />,
  administration: <AdminPanelSettingsOutlined />,
  profile: <ManageAccountsOutlined />,
};

/** The signed-in home: who you are, products to configure, and the areas your role opens. */
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
      <Stack direction="row" sx={{ mt: 1.5, flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Chip label={user.roleName} color="primary" variant="outlined" size="small" />
        <Box sx={{ flex: 1 }} />
        <ProductCatalogButton />
      </Stack>
      <QuickConfigCards />
      <LinkCardGrid cards={getHomeCards(user).map((card) => ({ ...card, key: card.kind, icon: ICONS[card.kind] }))} />
      <AccountFacts user={user} platform={platform} />
    </Box>
  );
}
