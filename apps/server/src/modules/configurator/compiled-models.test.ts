import { describe, expect, it } from 'vitest';
import { CompiledModels } from './compiled-models';
import { demoModel } from './configurator.test-support';

describe('CompiledModels', () => {
  it('compiles each model version once, sharing the compile between concurrent first requests', async () => {
    const cache = new CompiledModels(4);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return demoModel('bicycle');
    };
    const [first, second] = await Promise.all([cache.get(1, load), cache.get(1, load)]);
    expect(first).toBe(second);
    expect(await cache.get(1, load)).toBe(first);
    expect(loads).toBe(1);
    expect(first.model.id).toBe('bicycle');
  });

  it('keeps at most its capacity, evicting the least recently used', async () => {
    const cache = new CompiledModels(2);
    const loaded: number[] = [];
    const loader = (id: number) => async () => {
      loaded.push(id);
      return demoModel('bicycle');
    };
    await cache.get(1, loader(1));
    await cache.get(2, loader(2));
    await cache.get(1, loader(1));
    await cache.get(3, loader(3));
    expect(cache.size).toBe(2);
    await cache.get(1, loader(1));
    await cache.get(2, loader(2));
    expect(loaded).toEqual([1, 2, 3, 2]);
  });

  it('does not keep a failed compile, so the next request tries again', async () => {
    const cache = new CompiledModels(2);
    await expect(cache.get(7, async () => ({ not: 'a model' }))).rejects.toThrow();
    expect(cache.size).toBe(0);
    const compiled = await cache.get(7, async () => demoModel('office-chair'));
    expect(compiled.model.id).toBe('office-chair');
  });
});
