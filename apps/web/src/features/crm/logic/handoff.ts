import { CRM_HANDOFF_PARAMS, type TCrmHandoff } from '@cpq/contracts';

/** existingQuote as the server reads it: 1, true or yes. */
const isYes = (value: string | null): boolean => /^(1|true|yes)$/i.test(value?.trim() ?? '');
const hasText = (value: string | null): boolean => Boolean(value?.trim());

/**
 * The CRM hand-off in a URL's query (spec section 3, "CRM hand-off parameters"), or null when the query is not one:
 * a hand-off names an opportunity, or an existing quote (existingQuote with a quoteId). Every known parameter goes
 * along as the text it is; the others are left out.
 */
export function readCrmHandoff(search: string): TCrmHandoff | null {
  const params = new URLSearchParams(search);
  const isHandoff =
    hasText(params.get('opportunityId')) || (isYes(params.get('existingQuote')) && hasText(params.get('quoteId')));
  if (!isHandoff) return null;
  const handoff: TCrmHandoff = {};
  for (const name of CRM_HANDOFF_PARAMS) {
    const value = params.get(name);
    if (value !== null) handoff[name] = value;
  }
  return handoff;
}

/** The query without the hand-off's parameters ('' when nothing else is left), for the URL after a hand-off. */
export function withoutCrmHandoff(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of CRM_HANDOFF_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** True when a path (with its query) carries a CRM hand-off, e.g. where a sign-in will return to. */
export const isCrmHandoffPath = (path: string): boolean => readCrmHandoff(path.split('?')[1] ?? '') !== null;
