import { describe, expect, it } from 'vitest';
import { centsToDollars, centsToMoney } from './money';

describe('money', () => {
  it('writes integer cents as decimal text', () => {
    expect(centsToMoney(114000)).toBe('1140.00');
    expect(centsToMoney(5)).toBe('0.05');
    expect(centsToMoney(-5)).toBe('-0.05');
    expect(centsToMoney(0)).toBe('0.00');
    expect(() => centsToMoney(1.5)).toThrow();
    expect(centsToMoney(900719925474099)).toBe('9007199254740.99');
  });

  it('gives dollars for the API’s number fields', () => {
    expect(centsToDollars(130900)).toBe(1309);
    expect(centsToDollars(1)).toBe(0.01);
  });
});
