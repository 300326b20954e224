import { describe, expect, it } from 'vitest';
import { paymentAmount } from './amount';

describe('paymentAmount', () => {
  it('is the total times 100 in whole cents, exact where a float is not', () => {
    // 19.99 * 100 is 1998.9999999999998 in binary floating point; a truncating server would see 1998.
    expect(19.99 * 100).not.toBe(1999);
    expect(paymentAmount({ totalCost: '19.99' })).toBe(1999);
    expect(paymentAmount({ totalCost: '4.35' })).toBe(435);
    expect(paymentAmount({ totalCost: '1074.9700' })).toBe(107497);
    expect(paymentAmount({ totalCost: '38.5' })).toBe(3850);
    expect(paymentAmount({ totalCost: '12' })).toBe(1200);
  });

  it('rounds a fourth-decimal price half up to the cent', () => {
    expect(paymentAmount({ totalCost: '10.0050' })).toBe(1001);
    expect(paymentAmount({ totalCost: '10.0049' })).toBe(1000);
  });
});
