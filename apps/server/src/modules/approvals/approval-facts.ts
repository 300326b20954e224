import { createHash } from 'node:crypto';
import { quoteTotal, type TApprovalFacts, type TMoney, unitPrice } from '@cpq/contracts';

/** A line as approvals read it; discount and cost are absent until the quote carries them. */
export type TApprovalLine = {
  id: number;
  productId: number | null;
  productName: string | null;
  quantity: number;
  price: TMoney;
  discountPercent?: string | null;
  cost?: TMoney | null;
};

/** What approvals read of the quote itself. */
export type TApprovalQuoteFigures = { quoteDiscountPercent?: string | null; marginPercent?: string | null };

const percent = (value: string | null | undefined): string => value ?? '0';

/**
 * The facts the rules read: every line offered, numbered as the Lines tab numbers them, the quote's discount, margin
 * and the total of every line offered. An approval covers the optional lines too, so the customer's choice among
 * them on the quote link never sends the quote back for approval.
 */
export function approvalFactsOf(lines: readonly TApprovalLine[], quote: TApprovalQuoteFigures = {}): TApprovalFacts {
  return {
    lines: lines.map((line, index) => ({
      lineNumber: index + 1,
      productId: line.productId,
      productName: line.productName,
      discountPercent: percent(line.discountPercent),
    })),
    quoteDiscountPercent: percent(quote.quoteDiscountPercent),
    total: quoteTotal(lines.map((line) => ({ ...line, selected: true }))),
    marginPercent: quote.marginPercent ?? null,
  };
}

/**
 * The fingerprint of what the rules look at: each line's product, quantity, unit price, discount and cost, the
 * quote's discount, margin and total. An approval holds while the quote's fingerprint is the one it was given for;
 * a comment, a contact, an address or the customer's choice of optional lines do not enter it.
 */
export function approvalFingerprint(lines: readonly TApprovalLine[], quote: TApprovalQuoteFigures = {}): string {
  const facts = approvalFactsOf(lines, quote);
  const content = {
    lines: lines.map((line) => [
      line.id,
      line.productId,
      line.quantity,
      unitPrice(line.price),
      percent(line.discountPercent),
      line.cost ?? null,
    ]),
    quoteDiscount: facts.quoteDiscountPercent,
    margin: facts.marginPercent,
    total: facts.total,
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}
