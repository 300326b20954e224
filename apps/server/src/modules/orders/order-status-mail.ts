import { formatCurrency } from '@cpq/contracts';
import { renderMail } from '../../adapters/mail/layout';
import type { TMailMessage } from '../../deps';
import type { TQuoteRow } from '../quotes/quotes.repository';

/** Who the order is for, as the status mail names them: the company, else the contact's name. */
const customerOf = (order: TQuoteRow): string =>
  order.companyName || [order.firstName, order.lastName].filter(Boolean).join(' ') || 'No customer given';

/**
 * The order-status mail to the platform's notification addresses (null when it has none): the order number, its
 * new status, customer, project and total, and a link to the order.
 */
export function orderStatusMail(options: {
  order: TQuoteRow;
  status: string;
  notify: string[];
  changedBy: string;
  link: string;
}): TMailMessage | null {
  const { order, status, notify, changedBy, link } = options;
  if (notify.length === 0) return null;
  return {
    to: notify,
    pid: order.pid,
    subject: `Order #${order.id}: ${status}`,
    ...renderMail({
      heading: `Order #${order.id} is now ${status}`,
      paragraphs: [
        `Customer: ${customerOf(order)}`,
        `Project: ${order.name || 'No project name'}`,
        `Order total: ${formatCurrency(order.totalCost, order.currency)}`,
        `Status set by ${changedBy}.`,
      ],
      action: { label: `View order #${order.id}`, url: link },
      footnote: 'You receive this mail because this address is a notification address of the platform.',
    }),
  };
}
