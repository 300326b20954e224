import type { TRma } from '@cpq/contracts';

/** An RMA as getRMAs answers it, with overrides. */
export function makeRma(overrides: Partial<TRma> = {}): TRma {
  return {
    id: 1,
    quoteId: 8,
    lineId: 21,
    rmaNumber: 'RMA00008',
    reason: 'Arrived bent',
    quantity: 2,
    enableRmaDispositions: true,
    status: 'submitting',
    erpLineNo: null,
    erpStatus: null,
    lastError: null,
    createdBy: 'ada@example.com',
    createdAt: '2026-03-05T10:00:00.000Z',
    ...overrides,
  };
}
