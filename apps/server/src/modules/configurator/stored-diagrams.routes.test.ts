import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TProductView } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModelCompiler, type TModelCompiler } from '../../compiler/model-compiler';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../seed/seed';
import { resultOf } from '../../testing/expect-api';
import { tokenFor } from '../../testing/factories';
import { createTestApp, type TTestApp, testConfig } from '../../testing/test-app';
import { createConfigurableProduct, demoModel, startConfiguration } from './configurator.test-support';

/**
 * A restart: a second app on the first one's database and data folder. Its compiler counts compiles, from before
 * the app starts: the versions the first app compiled (a saved model, the demo models it started) start without any.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'cpq-stored-diagrams-'));
const env = { DATA_DIR: dataDir, MODEL_COMPILE_STORE: '1' };
let first: TTestApp;
let second: TTestApp;
const compiles: string[] = [];

function countingCompiler(): TModelCompiler {
  const compiler = createModelCompiler(testConfig(env).modelCompile);
  return {
    ...compiler,
    compile: (model, params) => {
      compiles.push(model.id);
      return compiler.compile(model, params);
    },
  };
}

async function adminToken(t: TTestApp): Promise<string> {
  const admin = DEMO_USERS.find((user) => user.pid === 'default' && user.roleLevel === 5);
  if (!admin) throw new Error('no demo admin');
  const [user] = await t.database.db.select().from(users).where(eq(users.username, admin.username));
  if (!user) throw new Error('no demo admin row');
  return tokenFor(t.database.db, t.deps.config.tokenSecret, user);
}

beforeAll(async () => {
  first = await createTestApp({ seed: true, env });
});
afterAll(async () => {
  await second?.close();
  await first.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('compiled diagrams stored in the data folder', () => {
  it('start a saved model and the demo models after a restart without compiling them again', async () => {
    const token = await adminToken(first);
    type TPage = { rows: TProductView[] };
    const page = resultOf<TPage>(
      await first.call('productManagement/getProducts', { isNonConfigurable: false }, token),
    );
    const demo = page.rows.filter((row) => row.showInCatalog);
    expect(demo.length).toBe(3);
    const saved = await createConfigurableProduct(first, token, demoModel('industrial-door'));
    for (const product of demo) await startConfiguration(first, token, product.ID);
    expect(readdirSync(join(dataDir, 'compiled-models')).filter((name) => name.endsWith('.diagram'))).toHaveLength(4);

    second = await createTestApp({ database: first.database, env, compiler: countingCompiler() });
    expect(compiles).toEqual([]);
    const secondToken = await adminToken(second);
    const started = await startConfiguration(second, secondToken, saved.ID);
    expect(started.prepare.modelVersion).toBe(1);
    for (const product of demo) await startConfiguration(second, secondToken, product.ID);
    expect(compiles).toEqual([]);
  });
});
