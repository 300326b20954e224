import { QUOTE_TYPE, ROLE_LEVEL } from '@cpq/contracts';
import { Navigate } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { QuoteList } from '../components/quote-list';

/** The list's filter: the platform's quote requests (type 3 alone, no username), kept stable across renders. */
const REQUESTS_FILTER = { type: QUOTE_TYPE.QuoteRequest };

/**
 * /QuoteRequests (level 1 and up): the platform's quote requests, its incoming leads (spec: the quotes list
 * variant of type 3 with no create button), newest first, with who asked and who took each. A visitor (level 0)
 * has only their own, on the dashboard.
 */
export function QuoteRequestsPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.roleLevel < ROLE_LEVEL.registered) return <Navigate to="/QuoteDashboard" replace />;
  return (
    <QuoteList
      listId="quote-requests-platform"
      title="Quote Requests"
      subtitle="Requests from visitors. Take one to answer it: it becomes yours, and then a quote."
      filter={REQUESTS_FILTER}
      isRequests
      hasPlatform={user.roleLevel >= ROLE_LEVEL.superAdmin}
      emptyState={{
        title: 'No quote requests yet',
        description: 'When a visitor configures a product and asks for a quote, the request shows here.',
      }}
    />
  );
}
