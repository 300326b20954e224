import { QUOTE_TYPE, SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import MenuItem from '@mui/material/MenuItem';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { LazySelectField } from '../../../ui/lazy-select-field';
import { useSession } from '../../auth/hooks/use-session';
import { QuoteList, type TQuoteFilter } from '../components/quote-list';
import { useCreateQuote } from '../hooks/use-create-quote';

/** The admin list's type filter, kept in `?type=` so that a reload or a shared link keeps it. */
const TYPE_FILTERS = {
  quotes: { label: 'Quotes and requests', type: [QUOTE_TYPE.Quote, QUOTE_TYPE.QuoteRequest] },
  requests: { label: 'Quote requests', type: QUOTE_TYPE.QuoteRequest },
  all: { label: 'All types', type: undefined },
} as const satisfies Record<string, { label: string; type: TQuoteFilter['type'] }>;
type TTypeFilter = keyof typeof TYPE_FILTERS;

const isTypeFilter = (value: string | null): value is TTypeFilter => value !== null && value in TYPE_FILTERS;

/**
 * /Quotes/{pid} (admin only): every quote of the platform with its creator, filtered by type; the quote requests
 * variant (`?type=requests`) has no create button. A level 5 admin sees only their own platform, so another pid
 * goes to theirs.
 */
export function PlatformQuotesPage() {
  const { user } = useSession();
  const { pid = '' } = useParams();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { createQuote, isCreating } = useCreateQuote();
  // RequireAdmin has let only levels 5 and 9 in.
  if (!user) return null;
  if (user.roleLevel < SUPER_ADMIN_LEVEL && pid !== user.pid) {
    return <Navigate to={`/Quotes/${encodeURIComponent(user.pid)}`} replace />;
  }
  const requested = searchParams.get('type');
  const filter: TTypeFilter = isTypeFilter(requested) ? requested : 'quotes';
  const isRequests = filter === 'requests';
  const isAllPlatforms = user.roleLevel >= SUPER_ADMIN_LEVEL;

  const typeSelect = (
    <LazySelectField
      label="Show"
      value={filter}
      onChange={(event) => setSearchParams(event.target.value === 'quotes' ? {} : { type: event.target.value })}
      sx={{ flex: 'none', width: { xs: '100%', md: 220 } }}
    >
      {Object.entries(TYPE_FILTERS).map(([value, option]) => (
        <MenuItem key={value} value={value}>
          {option.label}
        </MenuItem>
      ))}
    </LazySelectField>
  );

  return (
    <QuoteList
      key={filter}
      listId={isRequests ? 'platform-quote-requests' : 'platform-quotes'}
      title={isRequests ? 'Quote Requests' : 'Quotes'}
      subtitle={isAllPlatforms ? 'Every platform' : `Platform ${pid}`}
      filter={{ type: TYPE_FILTERS[filter].type }}
      hasCreatedBy
      hasPlatform={isAllPlatforms}
      isRequests={isRequests}
      create={
        isRequests
          ? undefined
          : { label: isCreating ? 'Creating…' : 'New Quote', onClick: () => !isCreating && createQuote() }
      }
      back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
      toolbarActions={typeSelect}
      emptyState={{ title: isRequests ? 'No quote requests yet' : 'No quotes yet' }}
    />
  );
}
