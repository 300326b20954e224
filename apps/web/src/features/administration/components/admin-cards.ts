import { ADMIN_LEVEL, SUPER_ADMIN_LEVEL, type TUser } from '@cpq/contracts';

export type TAdminCardKind =
  | 'users'
  | 'products'
  | 'customers'
  | 'addresses'
  | 'priceLists'
  | 'approvalRules'
  | 'statusTypes'
  | 'platformSettings'
  | 'jobs'
  | 'roles'
  | 'platforms';
export type TAdminCard = { kind: TAdminCardKind; title: string; description: string; to: string };

/** The Administration cards a level opens (spec: Administration). */
export function getAdminCards(user: Pick<TUser, 'roleLevel' | 'pid'>): TAdminCard[] {
  const pid = encodeURIComponent(user.pid);
  const cards: TAdminCard[] = [
    { kind: 'users', title: 'Users', description: 'Accounts, roles and who is online now.', to: '/Users' },
    {
      kind: 'products',
      title: 'Products',
      description: 'Catalog items, prices and configuration models.',
      to: '/Products',
    },
    { kind: 'customers', title: 'Customers', description: 'Contacts and their billing addresses.', to: '/Customers' },
    { kind: 'addresses', title: 'Addresses', description: 'Billing and shipping addresses.', to: '/Addresses' },
    {
      kind: 'priceLists',
      title: 'Price Lists',
      description: 'Dealer and distributor prices by product and quantity.',
      to: '/PriceLists',
    },
    {
      kind: 'approvalRules',
      title: 'Approval Rules',
      description: 'Which quotes need approval, by whom, step by step.',
      to: '/ApprovalRules',
    },
  ];
  if (user.roleLevel >= ADMIN_LEVEL) {
    cards.push(
      {
        kind: 'statusTypes',
        title: 'Status Types',
        description: 'Quote statuses and who may assign them.',
        to: '/StatusTypes',
      },
      {
        kind: 'platformSettings',
        title: 'Platform Settings',
        description: 'Multi-factor, notification e-mails and integration.',
        to: `/Platforms/edit/${pid}`,
      },
      {
        kind: 'jobs',
        title: 'Integration Jobs',
        description: 'Calls to the ERP, CRM and mail server; retry the failed ones.',
        to: '/Jobs',
      },
    );
  }
  if (user.roleLevel >= SUPER_ADMIN_LEVEL) {
    cards.push(
      { kind: 'roles', title: 'Role Management', description: 'Roles and their access levels.', to: `/Role/${pid}` },
      { kind: 'platforms', title: 'Platforms', description: 'Client tenants and their settings.', to: '/Platforms' },
    );
  }
  return cards;
}
