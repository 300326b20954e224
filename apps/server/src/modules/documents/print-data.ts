import type { TAddress, TDetailItem } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { loadQuote, type TQuoteRow } from '../quotes/quotes.repository';
import type { TPricingLine, TPrintAddress, TPrintedQuote } from './documents.render';
import { findPlatformName, findStatusName, listPrintedComments } from './documents.repository';

/** Shown as the company when a platform has no name of its own. */
export const APP_NAME = 'Open CPQ';

const printAddress = (address: TAddress | null): TPrintAddress | null =>
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
    totalCost: quote.totalCost,
    poNumber: quote.poNumber,
    projectName: quote.name,
    status,
    contact: {
      firstName: quote.contact?.firstName ?? quote.firstName,
      lastName: quote.contact?.lastName ?? quote.lastName,
      email: quote.contact?.email ?? null,
      phone: quote.contact?.phone ?? null,
    },
    billing: printAddress(quote.billingAddress),
    shipping: printAddress(quote.shippingAddress),
    isSameAsShipping: quote.billingAddress?.sameAsShipping === true,
    lines: (quote.lines ?? []).map((line) => ({
      partNumber: line.partNumber ?? line.CfgPartNumber,
      description: line.description ?? line.LineDescription,
      quantity: line.quantity,
      price: line.price,
    })),
    communications: comments.map((entry) => ({ ...entry, date: new Date(entry.date) })),
    answers: print.answers,
  };
}

/** A line of the quote as its pricing document shows it; its number is its position on the quote. */
export async function loadPricingLine(db: TDbOrTx, row: TQuoteRow, lineId: number): Promise<TPricingLine | null> {
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
  };
}
