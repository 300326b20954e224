import { orderStatusLabel, type TPlatformView, type TPublicPlatform, type TQuote } from '@cpq/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../auth/hooks/use-session';
import { QUOTE_LISTS_KEY } from '../../quote-lists/hooks/use-quote-list-mutations';
import { keepQuote } from '../../quotes/hooks/use-quote-mutations';
import { ordersApi } from '../api/orders.api';
import { liveStatusLabel } from '../logic/order-updates';
import { useLiveOrderStatus } from './use-order-updates';

/** The platform's order-complete label (csiOrderCompleteString), when the session's platform carries it. */
export const orderCompleteStringOf = (platform: TPlatformView | TPublicPlatform | null): string | null =>
  platform && 'csiOrderCompleteString' in platform ? platform.csiOrderCompleteString : null;

/**
 * The status an order shows after its number (spec section 4): the live label from contentchange while it is
 * current, else its status type's name (the server's, whatever the reader's level), else its ERP status, else the platform's label, else 'Ordered'.
 */
export function useOrderStatusLabel(
  order: Pick<TQuote, 'id' | 'statusTypeId' | 'statusName' | 'csiStatus' | 'version'>,
): string {
  const live = useLiveOrderStatus(order.id);
  const { platform } = useSession();
  const label = orderStatusLabel({
    statusName: order.statusName,
    csiStatus: order.csiStatus,
    orderCompleteString: orderCompleteStringOf(platform),
  });
  return liveStatusLabel(order, live, label);
}

/** An administrator sets an order's status; the answer replaces the cached order and the lists refetch. */
export function useSetOrderStatus(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['quotes', orderId, 'status'],
    mutationFn: (statusTypeId: number | null) => ordersApi.setOrderStatus({ id: orderId, statusTypeId }),
    onSuccess: (saved) => {
      keepQuote(client, saved);
      void client.invalidateQueries({ queryKey: QUOTE_LISTS_KEY });
    },
  });
}
