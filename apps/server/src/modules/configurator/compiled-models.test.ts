import { threadId } from 'node:worker_threads';
import { parseModel } from '@cpq/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../testing/test-app';
import { CompiledModels } from './compiled-models';
import { demoModel } from './configurator.test-support';
import { createModelCompiler, type TModelCompiler } from './model-compiler';
import { worstCaseModel } from './worst-case-model.test-support';

const compiler = createModelCompiler({ ...testConfig().modelCompile, budgetMs: 1_500 });
afterAll(() => compiler.close());

/** The compiler, counting its compiles and the threads they ran on. */
function countingCompiler() {
  const threads: number[] = [];
  const counting: TModelCompiler = {
    ...compiler,
    compile: async (model, params) => {
      const compiled = await compiler.compile(model, params);
      threads.push(compiled.threadId);
      return compiled;
    },
  };
  return { counting, threads };
}

describe('CompiledModels', () => {
  it('compiles each model version once, in a worker thread, sharing the compile between concurrent first requests', async () => {
    const { counting, threads } = countingCompiler();
    const cache = new CompiledModels(counting, 4);
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
    expect(first.guarantee).toBe('complete');
    expect(threads).toHaveLength(1);
    expect(threads[0]).not.toBe(threadId);
  });

  it('keeps at most its capacity, evicting the least recently used', async () => {
    const cache = new CompiledModels(compiler, 2);
    const loaded: number[] = [];
    const loader = (id: number) => async () => {
      loaded.push(id);
      return demoModel('office-chair');
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
    const cache = new CompiledModels(compiler, 2);
    await expect(cache.get(7, async () => ({ not: 'a model' }))).rejects.toThrow();
    expect(cache.size).toBe(0);
    const compiled = await cache.get(7, async () => demoModel('office-chair'));
    expect(compiled.model.id).toBe('office-chair');
  });

  it('compiles the core of other params in a worker thread too, once, before a session needs it', async () => {
    const { counting, threads } = countingCompiler();
    const cache = new CompiledModels(counting, 2);
    const compiled = await cache.get(1, async () => demoModel('bicycle'));
    const california = [{ Name: 'state', SimpleValue: 'CA' }];
    expect(compiled.hasVariant({ state: 'CA', co_type: null })).toBe(false);
    await Promise.all([cache.ready(compiled, california), cache.ready(compiled, california)]);
    expect(compiled.hasVariant({ state: 'CA', co_type: null })).toBe(true);
    await cache.ready(compiled, []);
    expect(threads).toHaveLength(2);
    expect(threads.every((id) => id !== threadId)).toBe(true);
  });

  it('keeps the event loop free while a model compiles, and refuses a model too complex to compile', async () => {
    const cache = new CompiledModels(compiler, 2);
    // Timer ticks count how often the event loop ran meanwhile: an in-thread compile lets none through.
    let ticks = 0;
    const ticker = setInterval(() => {
      ticks += 1;
    }, 1);
    let ticksWhenDone = -1;
    const compiling = cache
      .get(9, async () => worstCaseModel(1))
      .finally(() => {
        ticksWhenDone = ticks;
      });
    const ticksAtStart = ticks;
    await expect(compiling).rejects.toMatchObject({ code: 'MODEL_TOO_COMPLEX', status: 422 });
    clearInterval(ticker);
    expect(ticksWhenDone - ticksAtStart).toBeGreaterThan(50);
    expect((await cache.get(9, async () => demoModel('bicycle')).catch((error) => error)).message).toMatch(
      /did not compile within 1\.5 s/,
    );
  });

  it('stops a compile that runs past its hard deadline, and answers the next compile with a new thread', async () => {
    // Far past what the chair's compile takes (a few ms), far short of what the worst case's budget lets it take.
    const late = createModelCompiler({ ...testConfig().modelCompile, budgetMs: 60_000 }, 3_000);
    try {
      const refused = late.compile(parseModel(worstCaseModel(2)));
      await expect(refused).rejects.toMatchObject({ kind: 'deadline', limit: 'did not compile within 60 s' });
      const next = await late.compile(parseModel(demoModel('office-chair')));
      expect(next.diagram.mdd?.edgeCount).toBeGreaterThan(0);
    } finally {
      await late.close();
    }
  });
});
