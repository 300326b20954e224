import { msgCrmQuoteCreated, msgCrmQuoteError, SHELL_MSG } from '@cpq/contracts';
import { type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { crmApi } from '../api/crm.api';
import { readCrmHandoff, withoutCrmHandoff } from '../logic/handoff';

/**
 * The CRM hand-off, on any route (spec section 4): when the URL's query carries the CRM's parameters and a user is
 * signed in, it says 'Creating a new Quote from SalesForce...', has the server make (or find) the quote, then opens
 * it without the parameters; on failure it says why and only removes them. Signed-out visitors sign in first and come
 * back to the same URL. Each hand-off is sent once, whatever renders or effects repeat (StrictMode included).
 */
export function CrmHandoffProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const sentFor = useRef<string | null>(null);
  const isSignedIn = user !== null;

  useEffect(() => {
    const handoff = isSignedIn ? readCrmHandoff(search) : null;
    const key = `${pathname}${search}`;
    if (!handoff || sentFor.current === key) return;
    sentFor.current = key;
    toast.info(SHELL_MSG.crmCreatingQuote);
    crmApi.createQuoteFromCrm(handoff).then(
      (quote) => {
        toast.success(msgCrmQuoteCreated(quote.id));
        navigate(`/Quote/${quote.id}`, { replace: true });
      },
      (error: unknown) => {
        toast.error(msgCrmQuoteError(errorText(error)));
        navigate({ pathname, search: withoutCrmHandoff(search) }, { replace: true });
      },
    );
  }, [isSignedIn, pathname, search, navigate, toast]);

  return children;
}
