import type { TInitialParameter } from '@cpq/contracts';
import type { ProductModel } from '@cpq/engine';
import { describe, expect, it } from 'vitest';
import { demoModel } from '../configurator/configurator.test-support';
import { clientParamsFor, paramsReadByPricing, pricedParams } from './line-pricing';

const param = (Name: string, SimpleValue: string): TInitialParameter => ({ Name, SimpleValue, IsNull: false, Type: 0 });

describe('the params that decide a price', () => {
  it('are those a model’s pricing reads, besides co_type and the quantities', () => {
    const bicycle = demoModel('bicycle') as unknown as ProductModel;
    expect([...paramsReadByPricing(bicycle)]).toEqual(['co_type']);
    const taxed = {
      ...bicycle,
      pricing: { base: 0, lines: [{ id: 'tax', when: "$region = 'EU'", amount: '$surcharge * 100' }] },
    } as ProductModel;
    expect([...paramsReadByPricing(taxed)].sort()).toEqual(['region', 'surcharge']);
    const sent = [param('region', 'EU'), param('surcharge', '-99'), param('state', 'CA'), param('Line_Qty', '10')];
    expect(clientParamsFor(taxed, sent)).toEqual([param('state', 'CA')]);
  });

  it('the server’s come last, so they win over anything of the same name', () => {
    const params = pricedParams([param('co_type', 'dealer'), param('state', 'TX')], { isDealer: false, quantity: 4 });
    expect(params).toEqual([param('state', 'TX'), { Name: 'Quantity', SimpleValue: '4', IsNull: false, Type: 1 }]);
    expect(pricedParams([], { isDealer: true, quantity: 1 }).map((entry) => entry.Name)).toEqual([
      'Quantity',
      'co_type',
    ]);
  });
});
