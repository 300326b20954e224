import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { type CompiledProduct, createSession, importXcsp, parseModel } from '@cpq/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { demoModel } from '../modules/configurator/configurator.test-support';
import { worstCaseModel } from '../modules/configurator/worst-case-model.test-support';
import { testConfig } from '../testing/test-app';
import { createDiagramStore, modelHashOf } from './compiled-diagram-store';
import { CompiledModels } from './compiled-models';
import { createModelCompiler, type TModelCompiler } from './model-compiler';

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
    const cache = new CompiledModels(counting, { capacity: 4 });
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
    const cache = new CompiledModels(compiler, { capacity: 2 });
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
    const cache = new CompiledModels(compiler, { capacity: 2 });
    await expect(cache.get(7, async () => ({ not: 'a model' }))).rejects.toThrow();
    expect(cache.size).toBe(0);
    const compiled = await cache.get(7, async () => demoModel('office-chair'));
    expect(compiled.model.id).toBe('office-chair');
  });

  it('compiles the core of other params in a worker thread too, once, before a session needs it', async () => {
    const { counting, threads } = countingCompiler();
    const cache = new CompiledModels(counting, { capacity: 2 });
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
    const cache = new CompiledModels(compiler, { capacity: 2 });
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

/** What a session on `compiled` offers: the count, then each option's valid values, along a path of first choices. */
function answersOf(compiled: CompiledProduct): unknown[] {
  const session = createSession(compiled);
  const answers: unknown[] = [session.count().toString()];
  for (const option of compiled.model.options) {
    const values = session.validValues(option.id);
    answers.push(option.id, values, session.count().toString());
    const first = values[0];
    if (first !== undefined && option.values) session.select(option.id, first);
  }
  return answers;
}

describe('CompiledModels with a diagram store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cpq-compiled-models-'));
  const store = createDiagramStore(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const megane = importXcsp(
    readFileSync(new URL('../../../../models/xcsp/renault-megane.xcsp.xml', import.meta.url), 'utf8'),
  );

  it('stores a version one cache compiled, which another cache (a restarted process) loads without compiling, answering alike', async () => {
    for (const [modelId, json] of [
      [1, demoModel('bicycle')],
      [2, megane],
    ] as const) {
      const first = countingCompiler();
      const compiled = await new CompiledModels(first.counting, { store }).get(modelId, async () => json);
      expect(first.threads).toHaveLength(1);
      const second = countingCompiler();
      const loaded = await new CompiledModels(second.counting, { store }).get(modelId, async () => json);
      expect(second.threads).toHaveLength(0);
      expect(loaded.guarantee).toBe('complete');
      expect(loaded.stats.edges).toBe(compiled.stats.edges);
      expect(answersOf(loaded)).toEqual(answersOf(compiled));
    }
  });

  it('compiles again, and rewrites, a file that is missing, truncated, corrupt, of another format or of another model', async () => {
    const json = demoModel('office-chair');
    const file = join(dir, '5.diagram');
    await new CompiledModels(compiler, { store }).get(5, async () => json);
    const good = readFileSync(file);
    const headerEnd = 8 + good.readUInt32LE(4);
    const header = good.toString('latin1', 0, headerEnd);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 3] = (flipped[flipped.length - 3] ?? 0) ^ 0xff;
    const unusable: [string, Buffer | null][] = [
      ['missing', null],
      ['empty', Buffer.alloc(0)],
      ['truncated', good.subarray(0, good.length - 4)],
      ['header only', good.subarray(0, headerEnd)],
      ['corrupt', flipped],
      [
        'another store format',
        Buffer.from(header.replace('"store":1', '"store":9') + good.toString('latin1', headerEnd), 'latin1'),
      ],
      [
        'another diagram format',
        Buffer.from(header.replace(/"diagram":\d+/, '"diagram":0') + good.toString('latin1', headerEnd), 'latin1'),
      ],
      [
        'another model',
        Buffer.from(
          header.replace(/"modelHash":"\w+"/, `"modelHash":"${modelHashOf(parseModel(demoModel('bicycle')))}"`) +
            good.toString('latin1', headerEnd),
          'latin1',
        ),
      ],
    ];
    for (const [what, bytes] of unusable) {
      if (bytes) writeFileSync(file, bytes);
      else rmSync(file);
      const { counting, threads } = countingCompiler();
      const compiled = await new CompiledModels(counting, { store }).get(5, async () => json);
      expect([what, threads.length]).toEqual([what, 1]);
      expect(compiled.model.id).toBe('office-chair');
      expect(await store.read(5, modelHashOf(parseModel(json)))).not.toBeNull();
    }
    // The hash is of the model's content: its keys in another order (as jsonb gives them back) are the same model.
    const reversed = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reversed)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .map(([key, item]) => [key, reversed(item)])
                .reverse(),
            )
          : value;
    const hash = modelHashOf(parseModel(json));
    expect(modelHashOf(parseModel(reversed(json)))).toBe(hash);
    expect(modelHashOf(parseModel({ ...json, name: 'Another chair' }))).not.toBe(hash);
  });
});
