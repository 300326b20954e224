import { createHash } from 'node:crypto';
import { percentText, quoteWaterfall, type TApprovalFacts, type TMoney, unitPrice } from '@cpq/contracts';

/** A line as approvals read it: product, quantity, unit price before discount, line discount % and unit cost. */
export type TApprovalLine = {
  id: number;
  productId: number | null;
  productName: string | null;
  quantity: number;
  price: TMoney;
  discountPercent: string;
  cost: TMoney | null;
};

/** What the rules read of a quote: its lines (as the Lines tab numbers them) and its quote discount %. */
export type TApprovalInput = { lines: readonly TApprovalLine[]; quoteDiscountPercent: string };

/**
 * The facts the rules read: every line offered with its discount, the quote discount, and the total and margin of
 * every line offered (the price waterfall's). An approval covers the optional lines too, so the customer's choice
 * among them on the quote link never sends the quote back for approval.
 */
export function approvalFactsOf(input: TApprovalInput): TApprovalFacts {
  const waterfall = quoteWaterfall(
    input.lines.map((line) => ({ ...line, selected: true })),
    input.quoteDiscountPercent,
  );
  return {
    lines: input.lines.map((line, index) => ({
      lineNumber: index + 1,
      productId: line.productId,
      productName: line.productName,
      discountPercent: percentText(line.discountPercent),
    })),
    quoteDiscountPercent: waterfall.discountPercent,
    total: waterfall.total,
    marginPercent: waterfall.marginPercent,
  };
}

/**
 * The fingerprint of what the rules look at: each line's product, quantity, unit price, discount and cost, the
 * quote's discount, margin and total. An approval holds while the quote's fingerprint is the one it was given for;
 * a comment, a contact, an address or the customer's choice of optional lines do not enter it. Pass `facts` when
 * they are at hand, so the waterfall is not run twice.
 */
export function approvalFingerprint(input: TApprovalInput, facts = approvalFactsOf(input)): string {
  const content = {
    lines: input.lines.map((line) => [
      line.id,
      line.productId,
      line.quantity,
      unitPrice(line.price),
      percentText(line.discountPercent),
      line.cost === null ? null : unitPrice(line.cost),
    ]),
    quoteDiscount: facts.quoteDiscountPercent,
    margin: facts.marginPercent,
    total: facts.total,
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}
