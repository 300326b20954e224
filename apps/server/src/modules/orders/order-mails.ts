import {
  formatCurrency,
  formatDate,
  fromCents,
  isLineCounted,
  msgConfirmationWithheld,
  quoteTotalRows,
  quoteWaterfall,
  type TQuoteLine,
  waterfallRows,
  waterfallText,
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
 * The lines table of an order mail: each line at its amount after its own discount, with its price waterfall in a row
 * under it when anything changed its list price, then the subtotal and the quote discount when there is one, so the
 * rows add up to the order total (price-waterfall.ts). An optional line the customer left out is listed as such,
 * outside the total.
 */
function mailRows(order: Pick<TQuoteRow, 'discountPercent' | 'totalCost'>, lines: TQuoteLine[]): string[][] {
  const waterfall = quoteWaterfall(lines, order.discountPercent);
  const rows = lines.flatMap((line, index) => {
    const step = waterfall.lines[index];
    const steps = step ? waterfallRows(step, { line: line.discountPercent, quote: order.discountPercent }) : [];
    const row = [
      isLineCounted(line) ? lineLabel(line) : `${lineLabel(line)} (optional, not included)`,
      String(line.quantity),
      formatCurrency(line.price),
      isLineCounted(line) ? formatCurrency(step?.afterLineDiscount) : 'Not included',
    ];
    return steps.length > 2 ? [row, [waterfallText(steps), '', '', '']] : [row];
  });
  const totals = quoteTotalRows({ ...waterfall, total: order.totalCost }).slice(0, -1);
  return [...rows, ...totals.map((total) => [total.label, '', '', total.text])];
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
      : `Paid by card: ${formatCurrency(fromCents(payment.amountCents))}.`;
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
        rows: mailRows(order, lines),
        footer: ['Order total', '', '', formatCurrency(order.totalCost)],
      },
      action: { label: `View order #${order.id}`, url: link },
      footnote: 'Keep this e-mail for your records. Reply to your sales contact with any question about the order.',
    }),
  };
}
