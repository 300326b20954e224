import { ADMIN_LEVEL, QUOTE_TYPE, ROLE_LEVEL, SUPER_ADMIN_LEVEL, type TQuote, type TUser } from '@cpq/contracts';

/**
 * Whether the user may change the quote, as the server decides: level 9 any, level 5 those of its platform, others
 * their own. A registered user reads the platform's quote requests too, but changes one only once they take it.
 */
export function canEditQuote(
  user: Pick<TUser, 'id' | 'roleLevel' | 'pid'> | null,
  quote: Partial<Pick<TQuote, 'pid' | 'createdByUserId'>>,
): boolean {
  if (!user) return false;
  if (user.roleLevel >= SUPER_ADMIN_LEVEL) return true;
  if (user.pid !== quote.pid) return false;
  return user.roleLevel >= ADMIN_LEVEL || user.id === quote.createdByUserId;
}

/** What the user can do with a quote request: take it (open), convert it (theirs), or only look (someone else's). */
export type TRequestAction = 'take' | 'convert' | 'none';

export function requestActionOf(
  user: Pick<TUser, 'id' | 'roleLevel'> | null,
  quote: Pick<TQuote, 'type' | 'takenBy' | 'createdByUserId' | 'isLocked'>,
): TRequestAction {
  if (!user || user.roleLevel < ROLE_LEVEL.registered || quote.type !== QUOTE_TYPE.QuoteRequest) return 'none';
  if (quote.createdByUserId === user.id) return 'convert';
  return quote.takenBy === null ? 'take' : 'none';
}
