import { PermanentJobError } from '../../jobs/permanent-job-error';

/**
 * The ERP (ARCHITECTURE "Integrations"), chosen per platform by its `integration` setting: `default` (the app is the
 * system of record), `CSI` (Infor CloudSuite Industrial / SyteLine, IDO REST request service) or `visual` (Infor
 * VISUAL). Every call runs inside a durable job, which may run again after a crash or a timeout, so each operation
 * must be safe to repeat: it looks for what an earlier run made (by the order's or the RMA's own number) before it
 * creates anything, and answers that instead.
 *
 * Failures: a call throws ErpUnavailableError when the remote cannot be reached, times out, answers 5xx or answers
 * something it cannot read (the job retries with backoff); ErpRejectedError when the remote refuses the data itself
 * (a 4xx, or the IDO service's `Success: false`), which no retry will change (the job goes to the dead letters).
 */
export type TErpKind = 'default' | 'CSI' | 'visual';

/** Connection settings of one platform's ERP, as an administrator enters them (the secret decrypted for the call). */
export type TErpConnection = {
  /** e.g. https://csi.example.com/IDORequestService (CSI) or https://visual.example.com/api (VISUAL). */
  baseUrl: string;
  /** CSI: the Mongoose configuration (site) name; VISUAL: the database / site id. */
  config: string;
  username: string;
  password: string;
  /** One request's limit; a slower answer is ErpUnavailableError. */
  timeoutMs?: number;
};

/** An order as the ERP needs it. `orderRef` is ours ('ORD' + quote id): the key an earlier run is found by. */
export type TErpOrder = {
  orderRef: string;
  quoteId: number;
  /** The customer's number in the ERP (the quote's csiCustomerNumber or erpId), when known. */
  customerNumber: string | null;
  poNumber: string | null;
  customerName: string | null;
  orderDate: Date;
  /** The quote's currency (ISO 4217). */
  currency: string;
  /**
   * What was ordered at its net prices (after the line's discount and its share of the quote's): each unit price is
   * in whole cents and quantity times unit price adds up over the lines to the order's total exactly. A quote line
   * whose net does not divide by its quantity comes as two lines a cent apart (100.00 over 3: 1 at 33.34, 2 at
   * 33.33), because neither ERP line takes an extended amount that would keep the sum exact (quoteNetLines).
   */
  lines: Array<{ lineNumber: number; item: string; description: string; quantity: number; unitPrice: string }>;
};

export type TErpOrderState = {
  /** The ERP's own order number (CSI CoNum, VISUAL order id). */
  erpOrderNo: string;
  /** The ERP's status text for the order (CSI Stat as its label, e.g. 'Ordered', 'Shipped'), null when none. */
  status: string | null;
};

/**
 * One returned line. The header fields come from the spec's fixed values (section 9): warehouse MAIN, currency USD,
 * unit EA, customer sequence 1, tax code CA, and the RMA number 'RMA0000' + quote id; several lines of one order
 * share one RMA header.
 */
export type TErpRmaLine = {
  rmaNumber: string;
  quoteId: number;
  erpOrderNo: string | null;
  customerNumber: string | null;
  customerSequence: 1;
  warehouse: 'MAIN';
  currency: 'USD';
  taxCode: 'CA';
  /** Our line id: with rmaNumber, the key an earlier run is found by. */
  lineRef: string;
  item: string;
  description: string;
  quantity: number;
  unit: 'EA';
  unitPrice: string;
  reason: string;
  enableRmaDispositions: boolean;
};

export type TErpRmaState = {
  rmaNumber: string;
  /** The ERP's line number within the RMA. */
  erpLineNo: string;
  status: string | null;
};

export type TErpAdapter = {
  kind: TErpKind;
  /** Creates the customer order, or finds the one an earlier run created (by orderRef). */
  submitOrder(order: TErpOrder): Promise<TErpOrderState>;
  /** Current status of orders, by ERP order number (orders the ERP does not know are left out). */
  getOrderStatuses(erpOrderNos: string[]): Promise<TErpOrderState[]>;
  /** Creates the RMA header (if missing) and this line, or finds the line an earlier run created. */
  createRmaLine(line: TErpRmaLine): Promise<TErpRmaState>;
};

/** The remote could not be reached, timed out, failed on its side or answered what cannot be read: retry later. */
export class ErpUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ErpUnavailableError';
  }
}

/** The remote refused the request itself (4xx, or Success false with its message): retrying will not help. */
export class ErpRejectedError extends PermanentJobError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ErpRejectedError';
  }
}
