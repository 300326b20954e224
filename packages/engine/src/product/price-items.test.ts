import { describe, expect, it } from 'vitest';
import { createSession } from '../product-session/product-session';
import { loadDemoModel, walkRandomSessions } from '../testing/demo';
import { compileModel } from './product-compile';

const DEMO_MODELS = ['industrial-door.json', 'office-chair.json', 'bicycle.json'] as const;
const PRICING_PARAMS = [{}, { co_type: 'dealer' }, { Quantity: 10 }, { Quantity: 250, co_type: 'dealer' }] as const;

describe('priced components of a configured price', () => {
  it('itemise a standard door: base, each priced value, each priced line, adding up to the price', () => {
    const session = createSession(compileModel(loadDemoModel('industrial-door.json')));
    session.select('opener', 'standard');
    session.select('width', 4000);
    session.select('height', 3000);
    session.select('insulation', 'i80');
    session.select('windLoad', 'class2');
    expect(session.priceItems()).toEqual([
      { caption: 'Base price', cents: 45000 },
      { caption: 'Opener: Standard motor 0.55 kW', cents: 65000, optionId: 'opener', value: 'standard' },
      { caption: 'Safety edge with photo-eye: Yes', cents: 9500, optionId: 'safetyEdge', value: 'True' },
      { caption: 'Installation by our crew: Yes', cents: 85000, optionId: 'installation', value: 'True' },
      { caption: 'Door leaf by area', cents: 114000 },
      { caption: 'Insulation by area', cents: 38400 },
    ]);
    expect(session.state().ConfiguredPriceCents).toBe(356900);
  });

  it('names a quantity break on the line it lowers', () => {
    const session = createSession(compileModel(loadDemoModel('office-chair.json')), { params: { co_type: 'dealer' } });
    session.select('series', 'executive');
    session.select('Quantity', 60);
    const items = session.priceItems();
    expect(items.some((item) => /quantity break x /.test(item.caption))).toBe(true);
    expect(items.reduce((total, item) => total + item.cents, 0)).toBe(session.state().ConfiguredPriceCents);
  });

  for (const file of DEMO_MODELS) {
    it(`add up exactly to the price of every state of random ${file} sessions, list, dealer and by quantity`, () => {
      const compiled = compileModel(loadDemoModel(file));
      for (const [i, params] of PRICING_PARAMS.entries()) walkRandomSessions(compiled, 25, 40 + i, { params });
    });
  }
});
