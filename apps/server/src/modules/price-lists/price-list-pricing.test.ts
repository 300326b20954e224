import type { TPriceListEntry } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { withPriceListItem } from '../quotes/line-prices.service';
import { priceByList, pricingDay, tierFor } from './price-list-pricing';

const entry = (productId: number, fromQuantity: number, kind: 'price' | 'percent', value: string): TPriceListEntry => ({
  productId,
  optionId: null,
  valueId: null,
  fromQuantity,
  kind,
  value,
});
const valueEntry = (
  productId: number,
  [optionId, valueId]: [string, string],
  fromQuantity: number,
  kind: 'price' | 'percent',
  value: string,
): TPriceListEntry => ({ productId, optionId, valueId, fromQuantity, kind, value });
// Stored out of order: the tier is chosen by quantity, not by position.
const list = {
  name: 'Dealer',
  currency: 'USD' as const,
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

  it('prices a priced value by its own tier and the rest of a configured price by the product’s tier', () => {
    const bicycle = {
      name: 'Dealer',
      currency: 'EUR' as const,
      entries: [
        valueEntry(7, ['frame', 'carbon'], 1, 'percent', '80'),
        valueEntry(7, ['frame', 'carbon'], 10, 'price', '500'),
        valueEntry(7, ['wheels', 'carbon'], 1, 'percent', '50'),
      ],
    };
    const items = [
      { caption: 'Bike type: Road', cents: 89_900, optionId: 'bikeType', value: 'road' },
      { caption: 'Frame material: Carbon fibre', cents: 90_000, optionId: 'frame', value: 'carbon' },
      { caption: 'Tubeless wide tyres', cents: 6_000 },
    ];
    // 899 + 80% of 900 + 60: the frame alone follows the list.
    expect(priceByList(bicycle, 7, 1, '1859.00', items)).toBe('1679.00');
    expect(priceByList(bicycle, 7, 10, '1859.00', items)).toBe('1459.00');
    // A value the configuration does not have prices nothing; no product tier either: the list does not price it.
    expect(
      priceByList(
        bicycle,
        7,
        1,
        '959.00',
        items.filter((item) => item.optionId !== 'frame'),
      ),
    ).toBeNull();
    expect(priceByList(bicycle, 8, 1, '1859.00', items)).toBeNull();
    // With a product tier as well, the product's % applies to the rest only.
    const both = { ...bicycle, entries: [...bicycle.entries, entry(7, 1, 'percent', '90')] };
    expect(priceByList(both, 7, 1, '1859.00', items)).toBe('1583.10');
    // A value tier on its own still leaves the product's tier to a line without that value.
    expect(tierFor(both.entries, 7, 1)?.value).toBe('90');
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
