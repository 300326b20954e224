import { describe, expect, it } from 'vitest';
import { startRequestOf, type TConfiguratorRoute } from './use-configurator-route';

const GUID = '0b5a1f9e-7c41-4d2b-9a8e-3f6c2d1e4b70';
const route = (overrides: Partial<TConfiguratorRoute> = {}): TConfiguratorRoute => ({
  productId: 6,
  quoteId: null,
  configurationId: GUID,
  headerId: null,
  lineNumber: null,
  lineId: null,
  email: '',
  isReconfigure: false,
  ...overrides,
});

describe('startRequestOf', () => {
  it('sends the ids it has and the initial parameters built from them', () => {
    const request = startRequestOf(route({ quoteId: 12, lineNumber: 3, lineId: 9, headerId: 'H' }), 'ada@example.com');
    expect(request).toMatchObject({ configurationId: GUID, productId: 6, quoteId: 12, lineId: 9, headerId: 'H' });
    expect(request?.integrationParams).toEqual([
      { Name: 'ConfigurationID', SimpleValue: GUID, IsNull: false, Type: 0 },
      { Name: 'QuoteId', SimpleValue: '12', IsNull: false, Type: 1 },
      { Name: 'LineNumber', SimpleValue: '3', IsNull: false, Type: 1 },
      { Name: 'User_Login', SimpleValue: 'ada@example.com', IsNull: false, Type: 0 },
      { Name: 'email', SimpleValue: 'ada@example.com', IsNull: false, Type: 0 },
    ]);
  });

  it('waits for a configuration id, and needs a product unless a saved configuration is reopened', () => {
    expect(startRequestOf(route({ configurationId: null }), null)).toBeNull();
    expect(startRequestOf(route({ productId: null }), null)).toBeNull();
    const reopen = startRequestOf(route({ productId: null, isReconfigure: true }), null);
    expect(reopen?.configurationId).toBe(GUID);
    expect(reopen && 'productId' in reopen).toBe(false);
  });
});
