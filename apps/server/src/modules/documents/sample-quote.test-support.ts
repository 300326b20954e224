import type { TPrintedQuote } from '../../pdf/documents.render';

/** A quote as the service loads it: `lines` lines, a contact, two addresses, two comments and review answers. */
export function sampleQuote(lines = 3, overrides: Partial<TPrintedQuote> = {}): TPrintedQuote {
  return {
    company: 'Acme Doors & Chairs',
    type: 1,
    quoteId: 12,
    revision: 2,
    printedAt: new Date(2026, 10, 24, 12),
    validUntil: new Date(2026, 11, 24, 12),
    totalCost: '1234.5000',
    poNumber: 'PO-7781',
    projectName: 'Warehouse 3 refit',
    status: 'Open',
    contact: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '5125550123',
      companyName: 'Analytical Engines Ltd',
    },
    billing: { address: '1 Main St', address2: 'Suite 200', city: 'Austin', state: 'TX', zip: '78701' },
    shipping: { address: '99 Dock Rd', address2: null, city: 'Round Rock', state: 'TX', zip: '78664' },
    isSameAsShipping: false,
    lines: Array.from({ length: lines }, (_, i) => ({
      partNumber: `EL-TASK-MESH-${i + 1}`,
      description: `ErgoLine task chair in black mesh, line ${i + 1}`,
      quantity: i + 1,
      price: '411.5000',
      details:
        i === 0
          ? [
              { Caption: 'Series', Value: 'Task', Type: 0 },
              { Caption: 'Cover', Value: 'Black mesh', Type: 0 },
              { Caption: 'Mesh upcharge', Value: '35', Type: 5 },
            ]
          : [],
    })),
    communications: [
      { date: new Date(2026, 10, 20, 9), comment: 'Customer asked for lead times.', username: 'sales@example.com' },
      { date: new Date(2026, 10, 21, 9), comment: 'Sent revised pricing.', username: 'admin@example.com' },
    ],
    answers: [
      { Caption: 'Quote valid for', Value: '30 days', Type: 0 },
      { Caption: 'Payment terms', Value: 'Net 30', Type: 0 },
      { Caption: 'Freight allowance', Value: '250', Type: 5 },
    ],
    ...overrides,
  };
}
