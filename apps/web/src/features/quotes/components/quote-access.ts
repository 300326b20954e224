import { canChangeQuote, requestAction, type TQuote, type TRequestAction, type TUser } from '@cpq/contracts';

/**
 * Whether the user may change the quote, as the server decides: level 9 any, level 5 those of its platform, others
 * their own. A registered user reads the platform's quote requests too, but changes one only once they take it.
 */
export function canEditQuote(
  user: Pick<TUser, 'id' | 'roleLevel' | 'pid'> | null,
  quote: Partial<Pick<TQuote, 'pid' | 'createdByUserId'>>,
): boolean {
  return user !== null && canChangeQuote({ userId: user.id, roleLevel: user.roleLevel, pid: user.pid }, quote);
}

/** What the user can do with a quote request: take it (open), convert it (theirs), or only look (someone else's). */
export function requestActionOf(
  user: Pick<TUser, 'id' | 'roleLevel'> | null,
  quote: Pick<TQuote, 'type' | 'takenBy' | 'createdByUserId' | 'isLocked'>,
): TRequestAction {
  return user === null ? 'none' : requestAction({ userId: user.id, roleLevel: user.roleLevel }, quote);
}
