import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * 'The repository is the only file that runs SQL', checked: a query needs a table of `db/schema` or a builder of
 * `drizzle-orm` (`sql`, `eq`, ...), or the driver under drizzle (`$client`), so only the files allowed to run SQL
 * may import either as values or reach the driver. Types (`import type`, `type X` specifiers) carry no query and
 * are allowed everywhere.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/**
 * Helpers that build WHERE, ORDER BY and SET terms for repositories from the columns they are given. They import
 * drizzle's operators but never a table, so they cannot run a query of their own.
 */
const TERM_BUILDERS = new Set(['lib/paged-query.ts', 'lib/platform-scope.ts', 'lib/versioning.ts']);

const isTest = (file: string) =>
  file.endsWith('.test.ts') || file.endsWith('.test-support.ts') || file.startsWith('testing/');

const toPosix = (path: string) => path.split(sep).join('/');

/** Every `import ... from '...'` and `export ... from '...'`, possibly over several lines. */
const IMPORT = /^(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/gm;

const MOVE_IT = 'move the query into a *.repository.ts file';

const isSchema = (specifier: string) => /(^|\/)db\/schema$/.test(specifier);
const isDrizzle = (specifier: string) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

/** True when the import brings in values, not only types: `import { eq, type SQL }` does, `import type` does not. */
const importsValues = (isTypeOnly: boolean, clause: string): boolean => {
  if (isTypeOnly) return false;
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named) return true;
  const names = (named[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => !name.startsWith('type '));
};

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** The database's own folder, and the demo data that `npm run db:seed` writes (built on the modules, so above them). */
const isDatabaseSetUp = (file: string) => file.startsWith('db/') || file.startsWith('seed/');

/** `file:line ...` for each value import of the schema or drizzle, and each use of `$client`, where SQL may not run. */
const sqlOutsideRepositories = (files: ReadonlyMap<string, string>): string[] =>
  [...files].flatMap(([file, text]) => {
    if (file.endsWith('.repository.ts') || isDatabaseSetUp(file) || isTest(file)) return [];
    const imports = [...text.matchAll(IMPORT)]
      .filter(([, , typeOnly, clause, specifier = '']) => {
        if (!importsValues(typeOnly !== undefined, clause ?? '')) return false;
        return isSchema(specifier) || (isDrizzle(specifier) && !TERM_BUILDERS.has(file));
      })
      .map((match) => `${file}:${lineOf(text, match.index)} imports '${match[4]}': ${MOVE_IT}`);
    const drivers = [...text.matchAll(/\$client\b/g)].map(
      (match) => `${file}:${lineOf(text, match.index)} uses $client: ${MOVE_IT}`,
    );
    return [...imports, ...drivers];
  });

const readSources = (): Map<string, string> =>
  new Map(
    readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .map(toPosix)
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [file, readFileSync(join(SRC, file), 'utf8')]),
  );

describe('SQL runs only in repositories', () => {
  it('no server file outside *.repository.ts, src/db/, src/seed/ and tests imports the schema or drizzle to query', () => {
    expect(sqlOutsideRepositories(readSources())).toEqual([]);
  });

  it('names the file and line of a query outside a repository, and lets types and repositories through', () => {
    const files = new Map([
      ['modules/crm/crm.service.ts', "import { x } from 'y';\nimport { eq } from 'drizzle-orm';\n"],
      ['modules/crm/crm.policy.ts', "import {\n  quotes,\n} from '../../db/schema';\n"],
      [
        'modules/crm/crm.view.ts',
        "import type { quotes } from '../../db/schema';\nimport { type SQL } from 'drizzle-orm';",
      ],
      ['modules/crm/crm.repository.ts', "import { quotes } from '../../db/schema';\nimport { eq } from 'drizzle-orm';"],
      ['lib/versioning.ts', "import { eq } from 'drizzle-orm';"],
      ['lib/other.ts', "import { users } from '../db/schema';"],
      ['http/listen.ts', 'const a = 1;\nconst client = (db as any).$client;'],
      ['seed/seed.ts', "import { users } from '../db/schema';"],
      ['modules/crm/crm.routes.test.ts', "import { quotes } from '../../db/schema';"],
    ]);
    expect(sqlOutsideRepositories(files)).toEqual([
      "modules/crm/crm.service.ts:2 imports 'drizzle-orm': move the query into a *.repository.ts file",
      "modules/crm/crm.policy.ts:1 imports '../../db/schema': move the query into a *.repository.ts file",
      "lib/other.ts:1 imports '../db/schema': move the query into a *.repository.ts file",
      'http/listen.ts:2 uses $client: move the query into a *.repository.ts file',
    ]);
  });
});
