import { fromCents, type TAddress, type TDetailItem, toCents } from '@cpq/contracts';
import type { PriceItem } from '@cpq/engine';
import type { TDbOrTx } from '../../db/client';
import type { TPriceItem, TPricingLine, TPrintAddress, TPrintedQuote } from '../../pdf/documents.render';
import { loadQuote, type TQuoteRow } from '../quotes/quotes.repository';
import { findPlatformName, findStatusName, listPrintedComments } from './documents.repository';

/** Shown as the company when a platform has no name of its own. */
export const APP_NAME = 'Open CPQ';

/** How long a quote's prices hold when its review step names no period. */
export const QUOTE_VALIDITY_DAYS = 30;

/** The review step's answer naming the period ('Quote valid for': '60 days'). */
const VALIDITY_CAPTION = 'Quote valid for';

/**
 * The last day a quote printed at `printedAt` holds its prices: the period its review step chose, else
 * QUOTE_VALIDITY_DAYS, counted in calendar days from the document's date.
 */
export function validUntilOf(printedAt: Date, answers: readonly Pick<TDetailItem, 'Caption' | 'Value'>[]): Date {
  const chosen = answers.find((answer) => answer.Caption === VALIDITY_CAPTION)?.Value ?? '';
  const days = Number(/^(\d+)\s*days?$/i.exec(chosen.trim())?.[1] ?? QUOTE_VALIDITY_DAYS);
  const date = new Date(printedAt);
  date.setDate(date.getDate() + days);
  return date;
}

/** An address as documents and the quote link show it. */
export const printAddress = (address: TAddress | null): TPrintAddress | null =>
  address
    ? {
        address: address.Address,
        address2: address.Address2,
        city: address.City,
        state: address.State,
        zip: address.Zip,
      }
    : null;

/**
 * Everything a document of the quote shows, read in the caller's transaction: the quote with its contact,
 * addresses and lines, its comments, its status name and the platform's name.
 */
export async function loadPrintData(
  db: TDbOrTx,
  row: TQuoteRow,
  print: { revision: number; printedAt: Date; answers: TDetailItem[] },
): Promise<TPrintedQuote> {
  const [quote, comments, status, company] = await Promise.all([
    loadQuote(db, row),
    listPrintedComments(db, row.id),
    findStatusName(db, row.statusTypeId),
    findPlatformName(db, row.pid),
  ]);
  return {
    company: company ?? APP_NAME,
    type: quote.type,
    quoteId: quote.id,
    revision: print.revision,
    printedAt: print.printedAt,
    validUntil: quote.type === 2 ? null : validUntilOf(print.printedAt, print.answers),
    totalCost: quote.totalCost,
    discountPercent: quote.discountPercent,
    poNumber: quote.poNumber,
    projectName: quote.name,
    status,
    contact: {
      firstName: quote.contact?.firstName ?? quote.firstName,
      lastName: quote.contact?.lastName ?? quote.lastName,
      email: quote.contact?.email ?? null,
      phone: quote.contact?.phone ?? null,
      companyName: quote.contact?.companyName ?? null,
    },
    billing: printAddress(quote.billingAddress),
    shipping: printAddress(quote.shippingAddress),
    isSameAsShipping: quote.billingAddress?.sameAsShipping === true,
    lines: (quote.lines ?? []).map((line) => ({
      partNumber: line.partNumber ?? line.CfgPartNumber,
      description: line.description ?? line.LineDescription,
      quantity: line.quantity,
      price: line.price,
      details: line.Details ?? [],
      optional: line.optional,
      selected: line.selected,
      discountPercent: line.discountPercent,
      listPrice: line.listPrice,
      priceListPrice: line.priceListPrice,
    })),
    communications: comments.map((entry) => ({ ...entry, date: new Date(entry.date) })),
    answers: print.answers,
  };
}

/**
 * The engine's priced components in money, adding up to `unitPrice` exactly: if the line's price differs from their
 * sum (it was priced apart from them), the difference is itemised too rather than left unexplained.
 */
export function priceItemsFor(items: readonly PriceItem[], unitPrice: string): TPriceItem[] {
  const printed = items.map((item) => ({ caption: item.caption, amount: fromCents(item.cents) }));
  const rest = toCents(unitPrice) - items.reduce((total, item) => total + item.cents, 0);
  return rest === 0 ? printed : [...printed, { caption: 'Price adjustment', amount: fromCents(rest) }];
}

/**
 * A line of the quote as its pricing document shows it, with the priced components of its unit price; its number
 * is its position on the quote.
 */
export async function loadPricingLine(
  db: TDbOrTx,
  row: TQuoteRow,
  lineId: number,
  priceItems: readonly PriceItem[],
): Promise<TPricingLine | null> {
  const quote = await loadQuote(db, row);
  const lines = quote.lines ?? [];
  const index = lines.findIndex((line) => line.id === lineId);
  const line = lines[index];
  if (!line) return null;
  return {
    lineNumber: index + 1,
    productName: line.productName,
    partNumber: line.partNumber ?? line.CfgPartNumber,
    description: line.description ?? line.LineDescription,
    quantity: line.quantity,
    price: line.price,
    details: line.Details,
    priceItems: priceItemsFor(priceItems, line.price),
  };
}
