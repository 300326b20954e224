import { PRICE_LIST_MSG } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { newEntry, priceListFormDefaults, toPriceListInput, ZPriceListForm } from './price-list-form.schema';

const issuesOf = (values: unknown) => {
  const result = ZPriceListForm.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the price list form', () => {
  it('sends typed values as the request: empty dates as none, quantities as numbers', () => {
    const values = {
      ...priceListFormDefaults(),
      name: 'Dealer',
      entries: [{ ...newEntry(), productId: 4, fromQuantity: '10', value: '80' }],
    };
    expect(issuesOf(values)).toEqual([]);
    expect(toPriceListInput(values)).toEqual({
      name: 'Dealer',
      currency: 'USD',
      validFrom: null,
      validTo: null,
      entries: [{ productId: 4, optionId: null, valueId: null, fromQuantity: 10, kind: 'price', value: '80' }],
    });
  });

  it('sends the list’s currency and a row’s priced value', () => {
    const values = {
      ...priceListFormDefaults(),
      name: 'Europe',
      currency: 'EUR',
      entries: [{ ...newEntry('percent'), productId: 7, optionId: 'frame', valueId: 'carbon', value: '80' }],
    };
    expect(issuesOf(values)).toEqual([]);
    expect(toPriceListInput(values)).toMatchObject({
      currency: 'EUR',
      entries: [{ productId: 7, optionId: 'frame', valueId: 'carbon', fromQuantity: 1, kind: 'percent', value: '80' }],
    });
    expect(issuesOf({ ...values, currency: 'XYZ' })).toEqual(['currency: Choose a currency from the list.']);
  });

  it('puts the request’s messages on the fields, and asks for a product', () => {
    const issues = issuesOf({
      name: '',
      currency: 'USD',
      validFrom: '2026-03-01',
      validTo: '2026-02-01',
      entries: [
        { ...newEntry('percent'), productId: 4, value: '1200' },
        { ...newEntry(), productId: 4, fromQuantity: '1', value: '5' },
        newEntry(),
      ],
    });
    expect(issues).toContain(`entries.2.productId: ${PRICE_LIST_MSG.productNotFound}`);
    expect(issues).toContain(`entries.0.value: ${PRICE_LIST_MSG.percentFormat}`);
    expect(issues).toContain(`entries.1.fromQuantity: ${PRICE_LIST_MSG.duplicateTier}`);
    expect(issues).toContain(`validTo: ${PRICE_LIST_MSG.validToBeforeFrom}`);
    expect(issues.some((issue) => issue.startsWith('name:'))).toBe(true);
  });

  it('shows a stored list as typed', () => {
    const defaults = priceListFormDefaults({
      version: 1,
      id: 1,
      name: 'Dealer',
      currency: 'USD',
      validFrom: '2026-01-01',
      validTo: null,
      pid: 'acme',
      customerCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      entries: [
        {
          productId: 4,
          optionId: null,
          valueId: null,
          fromQuantity: 10,
          kind: 'percent',
          value: '85.5000',
          productNumber: 'W-1',
          productName: 'Widget',
        },
      ],
    });
    expect(defaults).toEqual({
      name: 'Dealer',
      currency: 'USD',
      validFrom: '2026-01-01',
      validTo: '',
      entries: [
        {
          productId: 4,
          productLabel: 'W-1 · Widget',
          optionId: '',
          valueId: '',
          fromQuantity: '10',
          kind: 'percent',
          value: '85.5',
        },
      ],
    });
  });
});
