import { QUOTE_TYPE } from '@cpq/contracts';
import { useSession } from '../../auth/hooks/use-session';
import { ProductCatalogButton } from '../../catalog/components/product-catalog-button';
import { QuoteList } from '../components/quote-list';
import { StartConfiguring } from '../components/start-configuring';
import { useCreateQuote } from '../hooks/use-create-quote';

/**
 * /QuoteDashboard, the landing after sign-in (and `/` for a signed-in user): the caller's own quotes with
 * 'New Quote'; a public user (level 0) sees their own quote requests and cannot create one here. Below the list,
 * the quick-config cards; the Product Catalog in the toolbar.
 */
export function QuoteDashboardPage() {
  const { user } = useSession();
  const { createQuote, isCreating } = useCreateQuote();
  if (!user) return null;
  const isPublic = user.roleLevel === 0;
  const catalog = <ProductCatalogButton variant="outlined" />;

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
          toolbarActions={catalog}
          emptyState={{ title: 'No quotes yet', description: 'Start a new quote, or configure a product below.' }}
        />
      )}
      <StartConfiguring />
    </>
  );
}
