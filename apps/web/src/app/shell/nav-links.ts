import { ADMIN_LEVEL, type TMyApprovals, type TUser } from '@cpq/contracts';

/** `count`: how many things wait there for the user (the header shows it beside the label when above 0). */
export type TNavLink = { label: string; to: string; count?: number };

/** The platform's quote requests (level 1 and up). */
export const QUOTE_REQUESTS_PATH = '/QuoteRequests';

/** Quotes waiting for the signed-in approver's decision. */
export const APPROVALS_WAITING_PATH = '/Approvals';

/**
 * The header links a person sees (spec, header and shell): Login when signed out; Quotes and Orders for levels
 * above 0, with Quote Requests between them (the platform's incoming leads: the spec's requests list, which its
 * header does not reach); Approvals (quotes waiting for their decision) for administrators and for anyone a rule
 * names or a quote waits for, with the count waiting; from level 5, Administration.
 */
export function getNavLinks(
  user: Pick<TUser, 'username' | 'roleLevel'> | null,
  approvals?: TMyApprovals | undefined,
): TNavLink[] {
  if (!user) return [{ label: 'Login', to: '/Login' }];
  const links: TNavLink[] = [];
  if (user.roleLevel !== 0) {
    links.push({ label: 'Quotes', to: '/QuoteDashboard' });
    links.push({ label: 'Quote Requests', to: QUOTE_REQUESTS_PATH });
    links.push({ label: 'Orders', to: `/Orders/${encodeURIComponent(user.username)}` });
  }
  if (user.roleLevel >= ADMIN_LEVEL || approvals?.isApprover) {
    const waiting = approvals?.waiting ?? 0;
    links.push({ label: 'Approvals', to: APPROVALS_WAITING_PATH, ...(waiting > 0 ? { count: waiting } : {}) });
  }
  if (user.roleLevel >= ADMIN_LEVEL) links.push({ label: 'Administration', to: '/Administration' });
  return links;
}

/** The profile link in the username dropdown. */
export const profilePath = (username: string): string => `/MyProfile/${encodeURIComponent(username)}`;

/** My Configurations, in the username dropdown and the phone menu (the header's main links are the spec's). */
export const MY_CONFIGURATIONS_PATH = '/MyConfigurations';
