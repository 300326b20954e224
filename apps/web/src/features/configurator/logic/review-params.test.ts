import type { TQuoteLine } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { NO_NAME, reviewLineParams } from './review-params';

const line = (overrides: Partial<TQuoteLine>): TQuoteLine => ({
  id: 1,
  _id: '0b5a1f9e-7c41-4d2b-9a8e-3f6c2d1e4b70',
  configurationId: null,
  headerId: null,
  imgUrl: null,
  price: '10.00',
  salesPrice: null,
  quantity: 1,
  productId: 6,
  quoteId: 5,
  description: null,
  partNumber: null,
  productName: null,
  CfgPartNumber: null,
  LineDescription: null,
  username: null,
  quoteCreated: '1',
  Details: [],
  companyId: 1,
  PricingDocLink: null,
  isNonConfigurable: false,
  rmaCreated: false,
  ...overrides,
});

describe('reviewLineParams', () => {
  it("joins each field of the quote's lines with '|', naming a nameless line 'NO NAME ERROR'", () => {
    const params = reviewLineParams({
      lines: [
        line({ partNumber: 'DR-1', quantity: 2, description: 'Door', price: '1300.00', configurationId: 'a' }),
        line({ quantity: 1, price: '45.50' }),
      ],
    });
    const value = (name: string) => params.find((param) => param.Name === name)?.SimpleValue;
    expect(value('Line_Count')).toBe('2');
    expect(value('Line_Item')).toBe(`DR-1|${NO_NAME}`);
    expect(value('Line_Qty')).toBe('2|1');
    expect(value('Line_Desc')).toBe('Door|');
    expect(value('Line_Price')).toBe('1300.00|45.50');
    expect(value('Line_ConfigurationID')).toBe('a|');
  });

  it('sends a count of 0 for a quote without lines', () => {
    expect(reviewLineParams({ lines: [] })[0]).toEqual({
      Name: 'Line_Count',
      SimpleValue: '0',
      IsNull: false,
      Type: 1,
    });
  });
});
