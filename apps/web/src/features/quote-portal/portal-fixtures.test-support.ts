import type { TPortalAcceptance, TPortalLine, TPortalQuote } from '@cpq/contracts';

/** A link's token as the server mints it (43 base64url characters). */
export const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde'.slice(0, 43);

/** A line of the shared quote, with overrides. */
export function makePortalLine(overrides: Partial<TPortalLine> = {}): TPortalLine {
  return {
    id: 11,
    lineNumber: 1,
    partNumber: 'DOOR-IND-3x3',
    productName: 'Industrial door',
    description: 'Sectional door, 3 x 3 m',
    quantity: 2,
    unitPrice: '1500.0000',
    extended: '3000.00',
    details: [{ Caption: 'Colour', Value: 'Signal red' }],
    optional: false,
    selected: true,
    ...overrides,
  };
}

const VIEW_HASH = 'a'.repeat(64);

/** The shared quote as quotePortal/getQuote answers an open link, with overrides. */
export function makePortalQuote(overrides: Partial<TPortalQuote> = {}): TPortalQuote {
  return {
    status: 'open',
    company: 'Acme Doors Ltd',
    quoteNumber: 42,
    view: {
      revision: 2,
      projectName: 'Warehouse doors',
      printedAt: '2026-12-01T10:00:00.000Z',
      validUntil: '2026-12-31T00:00:00.000Z',
      preparedBy: 'Ada Lovelace',
      preparedByEmail: 'ada@example.com',
      customer: { name: 'Jane Buyer', companyName: 'Buyer Co', email: 'jane@example.com' },
      billing: { address: '1 Main St', address2: null, city: 'Austin', state: 'TX', zip: '78701' },
      shipping: { address: '1 Main St', address2: null, city: 'Austin', state: 'TX', zip: '78701' },
      lines: [
        makePortalLine(),
        makePortalLine({
          id: 12,
          lineNumber: 2,
          partNumber: 'MOTOR-1',
          productName: 'Door motor',
          description: 'Electric opener',
          quantity: 1,
          unitPrice: '450.0000',
          extended: '450.00',
          details: [],
          optional: true,
          selected: true,
        }),
      ],
      quoteDiscount: null,
      total: '3450.00',
      terms: [{ Caption: 'Payment terms', Value: 'Net 30' }],
      comments: [
        {
          author: 'Ada Lovelace',
          comment: 'Here is the quote we discussed.',
          date: '2026-12-01T10:05:00.000Z',
          fromCustomer: false,
        },
      ],
      viewHash: VIEW_HASH,
    },
    payment: { method: 'po', card: null },
    acceptance: null,
    ...overrides,
  };
}

/** An acceptance by PO number, as the server answers it. */
export const ACCEPTANCE: TPortalAcceptance = {
  signerName: 'Jane Buyer',
  signerTitle: 'Purchasing manager',
  acceptedAt: '2026-12-02T09:30:00.000Z',
  orderId: 42,
  documentHash: 'b'.repeat(64),
  paidBy: 'po',
  poNumber: 'PO-778',
};
