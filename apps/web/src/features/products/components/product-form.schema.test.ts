import { MSG, msgNoLargerThan, PG_INT_MAX } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import {
  productFormDefaults,
  stripNewlines,
  type TProductForm,
  toProductInput,
  ZProductForm,
} from './product-form.schema';

const form = (values: Partial<TProductForm>): TProductForm => ({
  ...productFormDefaults(),
  Name: 'Gate',
  ProductNumber: 'G-1',
  ...values,
});
const parse = (values: Partial<TProductForm>) => ZProductForm.parse(form(values));
const messages = (values: Partial<TProductForm>) => {
  const result = ZProductForm.safeParse(form(values));
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('product save rules', () => {
  it('saves a unit cost on any kind of product, none when empty, and checks it as a price', () => {
    expect(toProductInput(parse({ isNonConfigurable: false, cost: '$1,061.25' })).cost).toBe('1061.25');
    expect(toProductInput(parse({ isNonConfigurable: true, cost: '' })).cost).toBeNull();
    expect(messages({ cost: '-3' })).toEqual([`cost: ${MSG.amountFormat}`]);
  });

  it('saves a fixed-price product with isQuickConfig false, keeping stock and price', () => {
    const input = toProductInput(
      parse({ isNonConfigurable: true, isQuickConfig: true, quantityInStock: '12', defaultPrice: '$1,234.50' }),
    );
    expect(input).toMatchObject({
      isNonConfigurable: true,
      isQuickConfig: false,
      quantityInStock: 12,
      defaultPrice: '1234.50',
    });
  });

  it('saves a configurable product with quantityInStock and defaultPrice null', () => {
    const input = toProductInput(
      parse({ isNonConfigurable: false, isQuickConfig: true, quantityInStock: '12', defaultPrice: '99' }),
    );
    expect(input).toMatchObject({
      isNonConfigurable: false,
      isQuickConfig: true,
      quantityInStock: null,
      defaultPrice: null,
    });
  });

  it('does not check price and stock of a configurable product', () => {
    expect(messages({ isNonConfigurable: false, quantityInStock: 'x', defaultPrice: 'abc' })).toEqual([]);
    expect(messages({ isNonConfigurable: true, quantityInStock: '-1', defaultPrice: '' })).toEqual([
      `quantityInStock: ${MSG.positiveNumber}`,
    ]);
  });

  it('refuses a stock past what the server stores, as the server does, and takes the largest it stores', () => {
    expect(messages({ isNonConfigurable: true, quantityInStock: '2147483648' })).toEqual([
      `quantityInStock: ${msgNoLargerThan(PG_INT_MAX)}`,
    ]);
    expect(messages({ isNonConfigurable: true, quantityInStock: '99999999999999999999' })).toEqual([
      `quantityInStock: ${msgNoLargerThan(PG_INT_MAX)}`,
    ]);
    expect(toProductInput(parse({ isNonConfigurable: true, quantityInStock: '2147483647' })).quantityInStock).toBe(
      PG_INT_MAX,
    );
  });

  it('checks a fixed price as the server does: up to 4 decimals, not negative, within the money range', () => {
    expect(messages({ isNonConfigurable: true, defaultPrice: '-5' })).toEqual([`defaultPrice: ${MSG.amountFormat}`]);
    expect(messages({ isNonConfigurable: true, defaultPrice: '1.23456' })).toEqual([
      `defaultPrice: ${MSG.amountFormat}`,
    ]);
    expect(messages({ isNonConfigurable: true, defaultPrice: '999,999,999,999,999.9999' })).toEqual([
      `defaultPrice: ${MSG.amountTooLarge}`,
    ]);
    expect(messages({ isNonConfigurable: true, defaultPrice: '0.125' })).toEqual([]);
  });

  it('sends empty optional text as null and the chosen model id only when given', () => {
    const input = toProductInput(parse({ Ruleset: '  ', Server: 'srv' }));
    expect(input.Ruleset).toBeNull();
    expect(input.Server).toBe('srv');
    expect('modelId' in input).toBe(false);
    expect(toProductInput(parse({}), 4).modelId).toBe(4);
  });
});

describe('product description', () => {
  it('strips newlines', () => {
    expect(stripNewlines('one\ntwo\r\nthree')).toBe('one two three');
    expect(toProductInput(parse({ Description: 'a\nb' })).Description).toBe('a b');
  });

  it('allows at most 250 characters', () => {
    expect(messages({ Description: 'x'.repeat(250) })).toEqual([]);
    expect(messages({ Description: 'x'.repeat(251) })).toEqual([`Description: ${MSG.descriptionTooLong}`]);
  });

  it('requires name and part number', () => {
    expect(messages({ Name: '', ProductNumber: ' ' })).toEqual([
      `Name: ${MSG.fieldRequired}`,
      `ProductNumber: ${MSG.fieldRequired}`,
    ]);
  });
});

describe('price text', () => {
  it('shows stored money with cents', async () => {
    const { moneyText } = await import('./product-form.schema');
    expect(moneyText('54.0000')).toBe('54.00');
    expect(moneyText('1234.5')).toBe('1234.50');
    expect(moneyText('9.1250')).toBe('9.125');
    expect(moneyText(null)).toBe('');
  });
});
