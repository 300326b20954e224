import { ADMIN_LEVEL, type TUser } from '@cpq/contracts';

export type THomeCardKind = 'quotes' | 'orders' | 'administration' | 'profile';
export type THomeCard = { kind: THomeCardKind; title: string; description: string; to: string };

/** The areas a user's level opens, in the header's order, ending with their profile. */
export function getHomeCards(user: Pick<TUser, 'username' | 'roleLevel'>): THomeCard[] {
  const username = encodeURIComponent(user.username);
  const cards: THomeCard[] = [];
  if (user.roleLevel !== 0) {
    cards.push({
      kind: 'quotes',
      title: 'Quotes',
      description: 'Configure products, price them and send quotes.',
      to: '/QuoteDashboard',
    });
    cards.push({
      kind: 'orders',
      title: 'Orders',
      description: 'Follow your orders and their status.',
      to: `/Orders/${username}`,
    });
  }
  if (user.roleLevel >= ADMIN_LEVEL) {
    cards.push({
      kind: 'administration',
      title: 'Administration',
      description: 'Users, products, customers, addresses and platform settings.',
      to: '/Administration',
    });
  }
  cards.push({
    kind: 'profile',
    title: 'My Profile',
    description: 'Your name, password and two-step verification.',
    to: `/MyProfile/${username}`,
  });
  return cards;
}
