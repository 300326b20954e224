import { ADMIN_LEVEL, QUOTE_TYPE } from '@cpq/contracts';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { ProductCatalogButton } from '../../catalog/components/product-catalog-button';
import { QuoteList } from '../components/quote-list';
import { StartConfiguring } from '../components/start-configuring';
import { useCreateQuote } from '../hooks/use-create-quote';

/**
 * /QuoteDashboard, the landing after sign-in (and `/` for a signed-in user): the caller's own quotes with
 * 'New Quote'; a public user (level 0) sees their own quote requests and cannot create one here. Below the list,
 * the quick-config cards; the Product Catalog (and for administrators All Quotes) in the toolbar.
 */
export function QuoteDashboardPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const { createQuote, isCreating } = useCreateQuote();
  if (!user) return null;
  const isPublic = user.roleLevel === 0;
  const catalog = <ProductCatalogButton variant="outlined" />;
  // Administrators reach the platform's list (/Quotes/{pid}) from their own.
  const toolbar =
    user.roleLevel >= ADMIN_LEVEL ? (
      <>
        {catalog}
        <Button
          variant="outlined"
          startIcon={<ListAltOutlined />}
          onClick={() => navigate(`/Quotes/${encodeURIComponent(user.pid)}`)}
        >
          All Quotes
        </Button>
      </>
    ) : (
      catalog
    );

  return (
    <>
      {isPublic ? (
        <QuoteList
          listId="quote-requests"
          title="Quote Requests"
          filter={{ username: user.username, type: QUOTE_TYPE.QuoteRequest }}
          toolbarActions={catalog}
          emptyState={{
            title: 'No quote requests yet',
            description: 'Configure a product and request a quote: your requests show here.',
          }}
        />
      ) : (
        <QuoteList
          listId="quote-dashboard"
          title="Quotes"
          filter={{ username: user.username, type: QUOTE_TYPE.Quote }}
          create={{ label: isCreating ? 'Creating…' : 'New Quote', onClick: () => !isCreating && createQuote() }}
          toolbarActions={toolbar}
          emptyState={{ title: 'No quotes yet', description: 'Start a new quote, or configure a product below.' }}
        />
      )}
      <StartConfiguring />
    </>
  );
}
