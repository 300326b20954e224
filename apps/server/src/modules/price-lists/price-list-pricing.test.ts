import type { TPriceListEntry } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { withPriceListItem } from '../quotes/line-prices.service';
import { priceByList, pricingDay, tierFor } from './price-list-pricing';

const entry = (productId: number, fromQuantity: number, kind: 'price' | 'percent', value: string): TPriceListEntry => ({
  productId,
  fromQuantity,
  kind,
  value,
});
// Stored out of order: the tier is chosen by quantity, not by position.
const list = {
  name: 'Dealer',
  entries: [
    entry(1, 100, 'price', '70'),
    entry(1, 1, 'price', '90'),
    entry(1, 10, 'percent', '80'),
    entry(2, 5, 'percent', '50'),
  ],
};

describe('price list tiers', () => {
  it('takes the highest fromQuantity at or below the quantity, of the product only', () => {
    expect(tierFor(list.entries, 1, 1)?.value).toBe('90');
    expect(tierFor(list.entries, 1, 9)?.value).toBe('90');
    expect(tierFor(list.entries, 1, 10)?.value).toBe('80');
    expect(tierFor(list.entries, 1, 1_000_000)?.value).toBe('70');
    expect(tierFor(list.entries, 2, 4)).toBeNull();
    expect(tierFor(list.entries, 3, 50)).toBeNull();
  });

  it('prices by the tier: its price, or its percentage of the list price held to cents', () => {
    expect(priceByList(list, 1, 2, '100.00')).toBe('90.00');
    expect(priceByList(list, 1, 10, '100.005')).toBe('80.00');
    expect(priceByList(list, 2, 5, '0.05')).toBe('0.03');
    expect(priceByList(list, 2, 4, '100.00')).toBeNull();
    expect(priceByList(null, 1, 2, '100.00')).toBeNull();
    expect(priceByList(list, null, 2, '100.00')).toBeNull();
  });

  it('writes today as the validity dates are written, in UTC', () => {
    expect(pricingDay(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
  });
});

describe('a configured line’s pricing document under a price list', () => {
  it('gets the list’s part as an item, so that its items still add up to the line’s price', () => {
    const items = [
      { caption: 'Frame', cents: 89_900 },
      { caption: 'Wheels', cents: 41_000 },
    ];
    const pricing = { isDealer: false, priceList: list };
    const priced = withPriceListItem(items, pricing, 130_900, '1112.65');
    expect(priced.at(-1)).toEqual({ caption: 'Price list Dealer', cents: -19_635 });
    expect(priced.reduce((sum, item) => sum + item.cents, 0)).toBe(111_265);
    expect(withPriceListItem(items, { isDealer: false, priceList: null }, 130_900, '1309.00')).toEqual(items);
  });
});
