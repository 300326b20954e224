import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STAGES } from './stages';

/** Each source file (path under `src/`, with `/`) and the source files it imports. */
type ImportGraph = ReadonlyMap<string, readonly string[]>;

const SRC = dirname(fileURLToPath(import.meta.url));

/** Relative specifiers of `from '...'` (imports and re-exports), `import '...'` and `import('...')`. */
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

const isTest = (file: string) => file.endsWith('.test.ts') || file.endsWith('.test-support.ts');

const toPosix = (path: string) => path.split(sep).join('/');

/** The import graph of every non-test `.ts` file under `src/`. */
const readSources = (): ImportGraph => {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map(toPosix)
    .filter((file) => file.endsWith('.ts') && !isTest(file));
  return new Map(
    files.map((file) => {
      const text = readFileSync(join(SRC, file), 'utf8');
      const imports = [...text.matchAll(RELATIVE_IMPORT)].map(([, specifier]) => {
        const target = join(SRC, dirname(file), specifier ?? '');
        return toPosix(relative(SRC, existsSync(`${target}.ts`) ? `${target}.ts` : join(target, 'index.ts')));
      });
      return [file, imports];
    }),
  );
};

/** A file's folder under `src/`, or '' for the package root. */
const folderOf = (file: string) => (file.includes('/') ? (file.split('/')[0] ?? '') : '');

/** Position in `stages`; the package root comes after every folder, an undeclared folder is -1. */
const rankOf = (folder: string, stages: readonly string[]) => (folder === '' ? stages.length : stages.indexOf(folder));

/** Every import from a folder that comes later in `stages` than the importing file's own folder. */
const layerViolations = (graph: ImportGraph, stages: readonly string[]): string[] =>
  [...graph].flatMap(([file, imports]) =>
    imports
      .filter((target) => rankOf(folderOf(target), stages) > rankOf(folderOf(file), stages))
      .map((target) => `${file} imports ${target}: ${folderOf(target) || 'the root'} comes after ${folderOf(file)}`),
  );

/** Every import cycle between files, as the chain of files that closes it. */
const importCycles = (graph: ImportGraph): string[] => {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (stack: readonly string[]) => {
    const file = stack[stack.length - 1] ?? '';
    state.set(file, 'open');
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') cycles.push([...stack.slice(stack.indexOf(target)), target].join(' -> '));
      else if (!state.has(target)) visit([...stack, target]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit([file]);
  return cycles;
};

describe('source layering (STAGES)', () => {
  const graph = readSources();

  it('declares every folder of src/ in STAGES', () => {
    const folders = new Set([...graph.keys()].map(folderOf).filter((folder) => folder !== ''));
    expect([...folders].filter((folder) => !(STAGES as readonly string[]).includes(folder))).toEqual([]);
  });

  it('imports only from the same folder or an earlier one', () => {
    expect(layerViolations(graph, STAGES)).toEqual([]);
  });

  it('has no import cycle between files', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('reports a backward import and a cycle when there is one', () => {
    const bad: ImportGraph = new Map([
      ['a/x.ts', ['a/y.ts']],
      ['a/y.ts', ['b/z.ts', 'a/x.ts']],
      ['b/z.ts', []],
    ]);
    expect(layerViolations(bad, ['b', 'a'])).toEqual([]);
    expect(layerViolations(bad, ['a', 'b'])).toEqual(['a/y.ts imports b/z.ts: b comes after a']);
    expect(importCycles(bad)).toEqual(['a/x.ts -> a/y.ts -> a/x.ts']);
  });
});
