import { describe, expect, it } from 'vitest';
import { createSession } from '../product-session/product-session';
import { loadDemoModel } from '../testing/demo';
import { compileModel, compileProductDiagram } from './product-compile';

const bicycle = loadDemoModel('bicycle.json');

describe('compileProductDiagram', () => {
  it('lets the default variant be assembled from a diagram compiled apart', () => {
    const diagram = structuredClone(compileProductDiagram(bicycle, undefined));
    const assembled = compileModel(bicycle, { diagram });
    const compiled = compileModel(bicycle);
    expect(assembled.guarantee).toBe('complete');
    expect(assembled.stats).toMatchObject({ edges: compiled.stats.edges, intervals: compiled.stats.intervals });
    const choices = [{ optionId: 'frame', value: 'carbon' }];
    expect(createSession(assembled, { choices }).state()).toEqual(createSession(compiled, { choices }).state());
  });

  it('lets another binding of the params the rules read be assembled from its own diagram', () => {
    const compiled = compileModel(bicycle);
    const params = { state: 'CA', co_type: null };
    expect(compiled.hasVariant(params)).toBe(false);
    const diagram = compileProductDiagram(bicycle, params);
    const variant = compiled.variant(params, diagram);
    expect(compiled.hasVariant(params)).toBe(true);
    expect(variant.core.mdd).toBe(diagram.mdd);
    expect(compiled.variant(params)).toBe(variant);
    const fresh = compileModel(bicycle).variant(params);
    expect(variant.core.stats.edges).toBe(fresh.core.stats.edges);
  });
});
