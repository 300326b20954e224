import { describe, expect, it } from 'vitest';
import type { TErpOrder, TErpRmaLine } from './erp-adapter';

/** The wrong password the contract tests sign in with; no error may quote it either. */
export const WRONG_PASSWORD = 'Wr0ng/Pa$$+word';

/** What one ERP's contract test orders and returns: its own customer, items and prices. */
export type TErpContractValues = {
  /** Quote ids count up from here (each ERP test its own range). */
  firstQuoteId: number;
  /** An order but for its refs, which each order gets from the next quote id. */
  order: Omit<TErpOrder, 'orderRef' | 'quoteId'>;
  /** An RMA line but for the RMA's number, its quote and the line's ref. */
  rmaLine: Omit<TErpRmaLine, 'rmaNumber' | 'quoteId' | 'lineRef'>;
};

/**
 * The fixtures of an ERP contract test: orders and RMA lines with fresh quote ids, and `failureOf`, which keeps
 * every error a test saw for the closing check that none of them quotes a password.
 */
export function erpContractFixtures(values: TErpContractValues) {
  let quoteId = values.firstQuoteId;
  /** Every error a test saw, checked at the end for the password. */
  const failures: unknown[] = [];

  const nextQuoteId = (): number => {
    quoteId += 1;
    return quoteId;
  };

  const orderOf = (extra: Partial<TErpOrder> = {}): TErpOrder => {
    const orderQuoteId = nextQuoteId();
    return { orderRef: `ORD${orderQuoteId}`, quoteId: orderQuoteId, ...structuredClone(values.order), ...extra };
  };

  const rmaLineOf = (rmaQuoteId: number, lineRef: string, extra: Partial<TErpRmaLine> = {}): TErpRmaLine => ({
    rmaNumber: `RMA0000${rmaQuoteId}`,
    quoteId: rmaQuoteId,
    ...values.rmaLine,
    lineRef,
    ...extra,
  });

  async function failureOf(promise: Promise<unknown>): Promise<Error> {
    const error = await promise.then(
      () => new Error('expected a failure'),
      (caught: unknown) => caught,
    );
    failures.push(error);
    if (!(error instanceof Error)) throw new Error(`not an Error: ${String(error)}`);
    return error;
  }

  return { nextQuoteId, orderOf, rmaLineOf, failureOf, failures };
}

/**
 * The closing check of a contract test: more than `atLeast` errors were seen, each names the call (its message
 * starts with `prefix`) and none quotes the stand-in's or the wrong password, plain or URL-encoded.
 */
export function describeNoPasswordInErrors(
  failures: readonly unknown[],
  check: { password: string; prefix: RegExp; atLeast: number },
): void {
  describe('every error above', () => {
    it('names the call, never the password (plain or URL-encoded), in its message or its causes', () => {
      const secrets = [check.password, WRONG_PASSWORD].flatMap((s) => [s, encodeURIComponent(s)]);
      expect(failures.length).toBeGreaterThan(check.atLeast);
      for (const failure of failures) {
        let text = '';
        for (let error: unknown = failure; error instanceof Error; error = error.cause) text += `${error.message}\n`;
        expect(text).toMatch(check.prefix);
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
    });
  });
}
