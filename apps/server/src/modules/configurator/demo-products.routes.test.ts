import { randomUUID } from 'node:crypto';
import { DISPLAY_TYPES, type TProductView, type TStartResult, ZUiState } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DEMO_USERS } from '../../seed/seed';
import { resultOf } from '../../testing/expect-api';
import { tokenFor } from '../../testing/factories';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { createConfigurableProduct, demoModel, startConfiguration } from './configurator.test-support';

let t: TTestApp;

/** A demo user's session, signed in through the API as a person would. */
async function signIn(username: string, password: string): Promise<string> {
  return resultOf<{ token: string }>(await t.call('auth/login', { username, password, stayLoggedIn: false })).token;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

describe('the demo products', () => {
  it('are the three models as configurable catalog products on both demo platforms, two of them quick-config', async () => {
    for (const pid of ['default', 'secure']) {
      const admin = DEMO_USERS.find((user) => user.pid === pid && user.roleLevel === 5);
      if (!admin) throw new Error(`no demo admin on ${pid}`);
      // The secure platform requires multi-factor: its admin's session is made directly.
      const token = await tokenFor(t.database.db, t.deps.config.tokenSecret, await userByName(admin.username));
      type TPage = { rows: TProductView[] };
      const page = resultOf<TPage>(await t.call('productManagement/getProducts', { isNonConfigurable: false }, token));
      // The built-in review and write-up steps are configurable too, but not in the catalog.
      const catalog = page.rows.filter((row) => row.showInCatalog);
      const summary = catalog.map((row) => [row.ProductNumber, row.isQuickConfig, row.showInCatalog, row.ImageUrl]);
      expect(summary).toEqual([
        ['BK-ATLAS', false, true, '/models/images/bike-road.svg'],
        ['CH-ERGOLINE', true, true, '/models/images/chair-task.svg'],
        ['DR-SECTIONAL', true, true, '/models/images/door-sectional.svg'],
      ]);
      expect(page.rows.filter((row) => !row.showInCatalog).map((row) => row.ProductNumber)).toEqual([
        'QUOTE-REVIEW',
        'SO-WRITEUP',
      ]);
      for (const product of page.rows) {
        expect(product.modelId).not.toBeNull();
        const started = resultOf<TStartResult>(
          await t.call('configurator/start', { configurationId: randomUUID(), productId: product.ID }, token),
        );
        expect(started.prepare.modelVersion).toBe(1);
      }
      const fixed = resultOf<TPage>(await t.call('productManagement/getProducts', { isNonConfigurable: true }, token));
      expect(fixed.rows).toHaveLength(4);
    }
  });

  it('answer states that are ZUiState, and between them use all ten display types, Fraction and auto-continue 1-3', async () => {
    const token = await signIn('admin@demo.opencpq.dev', 'Demo!Admin5');
    const displayTypes = new Set<string>();
    const modes = new Set<number>();
    const formats = new Set<string>();
    for (const key of ['bicycle', 'industrial-door', 'office-chair'] as const) {
      const product = await createConfigurableProduct(t, token, demoModel(key));
      const { ui } = await startConfiguration(t, token, product.ID);
      expect(ZUiState.safeParse(ui).success, key).toBe(true);
      for (const option of ui.Pages.flatMap((page) => page.Screens.flatMap((screen) => screen.ScreenOptions))) {
        displayTypes.add(option.DisplayType);
        modes.add(option.AutoContinueMode);
        formats.add(option.DisplayFormat);
      }
    }
    expect([...displayTypes].sort()).toEqual([...DISPLAY_TYPES].sort());
    expect([1, 2, 3].every((mode) => modes.has(mode))).toBe(true);
    expect(formats.has('Fraction')).toBe(true);
  });
});

async function userByName(username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

describe('the model images', () => {
  it('are served from models/images, cached for a year, with nosniff', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/models/images/bike-road.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serve nothing outside that folder', async () => {
    for (const url of [
      '/models/images/../bicycle.json',
      '/models/images/%2e%2e/bicycle.json',
      '/models/bicycle.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('"options"');
    }
  });
});
