import { orderStatusLabel, QUOTE_TYPE, type TRequestOf } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { GenericList, type TListQueryFn } from '../../../ui/generic-list';
import { useSession } from '../../auth/hooks/use-session';
import { usePresence } from '../../presence/hooks/use-presence';
import { quoteListsApi } from '../../quote-lists/api/quote-lists.api';
import { QuoteCard } from '../../quote-lists/components/quote-card';
import type { TQuoteRow } from '../../quote-lists/components/quote-columns';
import { QUOTE_LISTS_KEY } from '../../quote-lists/hooks/use-quote-list-mutations';
import { orderCompleteStringOf } from '../hooks/use-order-status';
import { useOrderUpdates, useRefetchOnOrderUpdates } from '../hooks/use-order-updates';
import { liveStatusLabel } from '../logic/order-updates';
import { orderColumns, orderCustomer } from './order-columns';

/** The fields an orders list asks getQuotes for (spec section 7, plus the names and ERP status it shows). */
export const ORDER_ATTRIBUTES = [
  'id',
  'sfQuoteNumber',
  'statusTypeId',
  'statusName',
  'createdByEmail',
  'createdDate',
  'totalCost',
  'currency',
  'name',
  'dateOrderPlaced',
  'firstName',
  'lastName',
  'csiStatus',
] as const satisfies TRequestOf<'quoteManagement/getQuotes'>['attributes'];

type TOrderListProps = {
  listId: string;
  title: string;
  /** Whose orders: a username, or none for the administrator's platform. */
  username?: string;
  /** What the list covers, before 'Orders update automatically.' */
  scope?: string;
  back?: { label: string; onClick: () => void };
  toolbarActions?: ReactNode;
  emptyState: { title: string; description?: string };
};

/** 'Orders update automatically.' with a dot that is green while the live connection is up. */
function LiveSubtitle({ scope }: { scope?: string }) {
  const { isConnected } = usePresence();
  return (
    <Stack direction="row" component="span" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {scope && <span>{scope} ·</span>}
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: isConnected ? 'success.main' : 'text.disabled',
          flex: 'none',
        }}
      />
      <span>Orders update automatically.</span>
    </Stack>
  );
}

/**
 * An orders list (spec "Orders list"): getQuotes with type 2, newest order first; row click opens /Quote/{id}; no
 * create button; it refetches when the updated-orders counter rises and shows live statuses at once.
 */
export function OrderList({ listId, title, username, scope, back, toolbarActions, emptyState }: TOrderListProps) {
  const navigate = useNavigate();
  const { platform } = useSession();
  const { statuses } = useOrderUpdates();
  const queryKey = [...QUOTE_LISTS_KEY, 'orders', { username: username ?? null }];
  useRefetchOnOrderUpdates(queryKey);

  const statusOf = (row: TQuoteRow): string => {
    const label = orderStatusLabel({
      statusName: row.statusName,
      csiStatus: row.csiStatus,
      orderCompleteString: orderCompleteStringOf(platform),
    });
    return liveStatusLabel(row, statuses.get(row.id), label);
  };
  const query: TListQueryFn<TQuoteRow> = ({ limit, offset, order, search }, signal) =>
    quoteListsApi.getQuotes(
      { type: QUOTE_TYPE.Order, username, attributes: [...ORDER_ATTRIBUTES], limit, offset, order, search },
      signal,
    );

  return (
    <GenericList
      listId={listId}
      title={title}
      subtitle={<LiveSubtitle scope={scope} />}
      queryKey={queryKey}
      query={query}
      columns={orderColumns(statusOf)}
      getRowId={(row) => row.id}
      getRowLabel={(row) => `Order #${row.id}${row.name ? ` ${row.name}` : ''}`}
      defaultOrder={['dateOrderPlaced', 'DESC']}
      onRowClick={(row) => navigate(`/Quote/${row.id}`)}
      renderCard={(row) => (
        <QuoteCard
          quote={row}
          status={statusOf(row)}
          hasCreatedBy={false}
          customer={orderCustomer(row)}
          date={{ label: 'Ordered On', value: row.dateOrderPlaced }}
        />
      )}
      back={back}
      toolbarActions={toolbarActions}
      searchPlaceholder="Search #, project or customer"
      emptyState={emptyState}
    />
  );
}
