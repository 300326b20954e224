import {
  formatCurrency,
  formatDate,
  fromCents,
  isLineCounted,
  lineTotal,
  msgConfirmationWithheld,
  type TQuoteLine,
} from '@cpq/contracts';
import { renderMail } from '../../adapters/mail/layout';
import type { TMailMessage } from '../../deps';
import type { TQuoteRow } from '../quotes/quotes.repository';

/**
 * How the order was placed, as its confirmation says it; `via: 'writeup'` marks a purchase order taken in the SO
 * write-up (the audit trail names it).
 */
export type TOrderPayment = { kind: 'po'; poNumber: string; via?: 'writeup' } | { kind: 'card'; amountCents: number };

const lineLabel = (line: TQuoteLine): string =>
  [line.CfgPartNumber ?? line.partNumber, line.productName].filter(Boolean).join(' · ') || `Line ${line.id}`;

/** The quote's contact e-mail when it is not the buyer's own (an address typed in the order, counted by the mail limits). */
export function typedContactOf(order: Pick<TQuoteRow, 'email'>, placedBy: string): string | null {
  const contact = order.email?.trim();
  return contact && contact.toLowerCase() !== placedBy.toLowerCase() ? contact : null;
}

/**
 * The order confirmation: the order number, how it was paid, its lines and total, and a link to the order. It goes
 * to the quote's contact e-mail (the address the buyer provided) and to whoever placed the order; with `withheld`
 * (the contact address, over the mail limits) to whoever placed the order only, saying so.
 */
export function orderConfirmationMail(options: {
  order: TQuoteRow;
  lines: TQuoteLine[];
  payment: TOrderPayment;
  placedBy: string;
  platformName: string;
  link: string;
  withheld?: string | null;
}): TMailMessage {
  const { order, lines, payment, placedBy, platformName, link, withheld } = options;
  const contact = withheld ? null : typedContactOf(order, placedBy);
  const recipients = contact ? [contact, placedBy] : [placedBy];
  const paidWith =
    payment.kind === 'po'
      ? `Purchase order: ${payment.poNumber}.`
      : `Paid by card: ${formatCurrency(fromCents(payment.amountCents), order.currency)}.`;
  const name = [order.firstName, order.lastName].filter(Boolean).join(' ');
  return {
    to: recipients,
    pid: order.pid,
    subject: `Order #${order.id} confirmed`,
    ...renderMail({
      heading: `Thank you! Order #${order.id} is confirmed.`,
      paragraphs: [
        name ? `Hello ${name},` : 'Hello,',
        `${platformName} received your order on ${formatDate(order.dateOrderPlaced)}${order.name ? ` for ${order.name}` : ''}.`,
        paidWith,
        ...(withheld ? [msgConfirmationWithheld(withheld)] : []),
      ],
      table: {
        columns: ['Item', 'Qty', 'Unit price', 'Total'],
        align: ['left', 'right', 'right', 'right'],
        // An optional line the customer left out is listed as such, outside the total.
        rows: lines.map((line) => [
          isLineCounted(line) ? lineLabel(line) : `${lineLabel(line)} (optional, not included)`,
          String(line.quantity),
          formatCurrency(line.price, order.currency),
          isLineCounted(line) ? formatCurrency(lineTotal(line), order.currency) : 'Not included',
        ]),
        footer: ['Order total', '', '', formatCurrency(order.totalCost, order.currency)],
      },
      action: { label: `View order #${order.id}`, url: link },
      footnote: 'Keep this e-mail for your records. Reply to your sales contact with any question about the order.',
    }),
  };
}
