import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, lowest first: a file imports only from its own layer and from layers listed before it, and
 * no import cycle joins two files or two layers. A layer is a folder under `src/` (`adapters/<x>` and
 * `modules/<x>` count as one each, and so does a subfolder listed here, such as `jobs/admin`), or a file at the
 * root of `src/`. Types count like values: a type that a lower layer needs belongs in that layer. Tests and test
 * helpers are exempt. docs/ARCHITECTURE.md lists the same order.
 */
const LAYERS = [
  'config.ts',
  'db',
  'lib',
  'compiler',
  'pdf',
  'jobs',
  'adapters/storage',
  'adapters/payments',
  'adapters/erp',
  'adapters/crm',
  'http',
  'deps.ts',
  'adapters/mail',
  'realtime',
  'modules/audit',
  'modules/platforms',
  'modules/integrations',
  'modules/roles',
  'modules/auth',
  'modules/users',
  'modules/status-types',
  'modules/addresses',
  'modules/price-lists',
  'modules/customers',
  'modules/uploads',
  'modules/products',
  'modules/configurations',
  'modules/approvals',
  'modules/quotes',
  'modules/documents',
  'modules/orders',
  'modules/erp',
  'modules/configurator',
  'modules/payments',
  // The administrators' list of jobs, beside the queue but above the modules whose audit trail and routes it uses.
  'jobs/admin',
  'modules/crm',
  'modules/rmas',
  'modules/quote-portal',
  'modules',
  'seed',
  'create-deps.ts',
  'openapi.ts',
  'banner.ts',
  'app.ts',
  'main.ts',
] as const;

/**
 * Imports that still run against the order, each with the reason it stays: `from -> to` as file paths under src/.
 * At most five; the check fails on any other, and on one listed here that is gone (so the list shrinks).
 */
const ALLOWED_AGAINST_ORDER: ReadonlyMap<string, string> = new Map([]);

/** Each source file (path under `src/`, with `/`) and the source files it imports. */
type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SRC = dirname(fileURLToPath(import.meta.url));

/** Relative specifiers of `from '...'` (imports and re-exports, types included), `import '...'` and `import('...')`. */
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

const isTest = (file: string) =>
  file.endsWith('.test.ts') || file.endsWith('.test-support.ts') || file.startsWith('testing/');

const toPosix = (path: string) => path.split(sep).join('/');

/** The import graph of every non-test `.ts` file under `src/`. */
const readSources = (): ImportGraph => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map(toPosix)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !isTest(file));
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(SRC, file), 'utf8');
      const imports = [...text.matchAll(RELATIVE_IMPORT)].map(([, specifier]) => {
        const target = join(SRC, dirname(file), specifier ?? '');
        return toPosix(relative(SRC, existsSync(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts')));
      });
      return [file, [...new Set(imports)]];
    }),
  );
};

/** Subfolders that are layers of their own, apart from their folder's. */
const SUBFOLDER_LAYERS: readonly string[] = LAYERS.filter(
  (layer) => layer.includes('/') && !layer.startsWith('modules/') && !layer.startsWith('adapters/'),
);

/**
 * A file's layer: a listed subfolder holding it, else `modules/<x>` and `adapters/<x>` for files in those, else its
 * first folder, else the file.
 */
const layerOf = (file: string): string => {
  const parts = file.split('/');
  if (parts.length === 1) return file;
  const subfolder = SUBFOLDER_LAYERS.find((layer) => file.startsWith(`${layer}/`));
  if (subfolder) return subfolder;
  if ((parts[0] === 'modules' || parts[0] === 'adapters') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0] ?? file;
};

/** Every import of a later layer than the importing file's own, as `from -> to`. */
const importsAgainstOrder = (graph: ImportGraph, layers: readonly string[]): string[] =>
  [...graph].flatMap(([file, imports]) =>
    imports
      .filter((target) => layers.indexOf(layerOf(target)) > layers.indexOf(layerOf(file)))
      .map((target) => `${file} -> ${target}`),
  );

/**
 * Every import cycle, as the nodes that reach one another (a strongly connected set, Tarjan's algorithm), sorted:
 * one entry per circle however many paths run round it, so a report names each tangle once.
 */
const importCycles = (graph: ImportGraph): string[] => {
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[] = [];
  const connect = (node: string) => {
    order.set(node, order.size);
    lowest.set(node, order.size - 1);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!order.has(target)) connect(target);
      if (onStack.has(target)) lowest.set(node, Math.min(lowest.get(node) ?? 0, lowest.get(target) ?? 0));
    }
    if (lowest.get(node) !== order.get(node)) return;
    const members: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1) cycles.push(members.sort().join(' <-> '));
  };
  for (const node of graph.keys()) if (!order.has(node)) connect(node);
  return cycles.sort();
};

/** The graph between layers: an arrow wherever a file of one imports a file of another. */
const layerGraph = (graph: ImportGraph): ImportGraph => {
  const arrows = new Map<string, Set<string>>();
  for (const [file, imports] of graph) {
    const from = layerOf(file);
    const targets = arrows.get(from) ?? new Set<string>();
    for (const target of imports) if (layerOf(target) !== from) targets.add(layerOf(target));
    arrows.set(from, targets);
  }
  return new Map([...arrows].map(([layer, targets]) => [layer, [...targets].sort()]));
};

describe('server layering (LAYERS)', () => {
  const graph = readSources();

  it('declares the layer of every source file', () => {
    const layers = new Set([...graph.keys()].map(layerOf));
    expect([...layers].filter((layer) => !(LAYERS as readonly string[]).includes(layer))).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('has no import cycle between layers', () => {
    expect(importCycles(layerGraph(graph))).toEqual([]);
  });

  it('imports only from the same layer or an earlier one, but for at most five named exceptions', () => {
    expect(ALLOWED_AGAINST_ORDER.size).toBeLessThanOrEqual(5);
    expect(importsAgainstOrder(graph, LAYERS)).toEqual([...ALLOWED_AGAINST_ORDER.keys()]);
  });

  it('reports an import against the order, and cycles between files and between layers', () => {
    const bad: ImportGraph = new Map([
      ['lib/x.ts', ['lib/y.ts']],
      ['lib/y.ts', ['modules/a/z.ts', 'lib/x.ts']],
      ['modules/a/z.ts', ['lib/w.ts']],
      ['lib/w.ts', []],
    ]);
    expect(importsAgainstOrder(bad, ['modules/a', 'lib'])).toEqual(['modules/a/z.ts -> lib/w.ts']);
    expect(importsAgainstOrder(bad, ['lib', 'modules/a'])).toEqual(['lib/y.ts -> modules/a/z.ts']);
    expect(importCycles(bad)).toEqual(['lib/x.ts <-> lib/y.ts']);
    expect(importCycles(layerGraph(bad))).toEqual(['lib <-> modules/a']);
  });

  it('counts a listed subfolder as a layer of its own', () => {
    expect(['jobs/job-queue.ts', 'jobs/admin/jobs.service.ts', 'modules/erp/x/y.ts'].map(layerOf)).toEqual([
      'jobs',
      'jobs/admin',
      'modules/erp',
    ]);
    const queueOnAdmin: ImportGraph = new Map([['jobs/job-queue.ts', ['jobs/admin/jobs.service.ts']]]);
    expect(importsAgainstOrder(queueOnAdmin, LAYERS)).toEqual(['jobs/job-queue.ts -> jobs/admin/jobs.service.ts']);
  });
});
