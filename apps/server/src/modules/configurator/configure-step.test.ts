import type { TConfigureWholeResult, TProductView } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { findConfigurationRow } from '../configurations/configurations.repository';
import { createConfigurableProduct, demoModel, startConfiguration } from './configurator.test-support';

let t: TTestApp;
let a: TPlatformActors;
let bicycle: TProductView;

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  bicycle = await createConfigurableProduct(t, a.token[5], demoModel('bicycle'));
});
afterAll(() => t.close());

const configure = (sessionId: string, id: string, value: unknown, token: string) =>
  t.call('configurator/configure', { sessionId, id, value }, token);

describe('the configure step', () => {
  it('stores the configuration’s current price with its choices, so My Configurations prices an unfinished one', async () => {
    const user = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const { prepare } = await startConfiguration(t, user.token, bicycle.ID);
    const { ui } = resultOf<TConfigureWholeResult>(await configure(prepare.sessionId, 'bikeType', 'road', user.token));
    expect(ui.ConfiguredPriceCents).toBeGreaterThan(0);
    const row = await findConfigurationRow(t.database.db, prepare.sessionId);
    expect(row).toMatchObject({ priceCents: ui.ConfiguredPriceCents, isComplete: false });

    type TPage = { rows: { id: string; price: number | null; isComplete: boolean }[] };
    const page = resultOf<TPage>(
      await t.call('configurator/getConfigurations', { includeIncomplete: true }, user.token),
    );
    expect(page.rows.find((entry) => entry.id === prepare.sessionId)).toMatchObject({
      price: ui.ConfiguredPriceCents / 100,
      isComplete: false,
    });
  });

  it('refuses a signed-out session at once, on the request right after (the caller is read on every request)', async () => {
    const user = await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const { prepare } = await startConfiguration(t, user.token, bicycle.ID);
    resultOf(await configure(prepare.sessionId, 'bikeType', 'road', user.token));
    resultOf(await t.call('auth/logout', {}, user.token));
    expectFailure(await configure(prepare.sessionId, 'bikeType', 'gravel', user.token), 'UNAUTHENTICATED');
    expect((await findConfigurationRow(t.database.db, prepare.sessionId))?.choices).toContainEqual({
      optionId: 'bikeType',
      value: 'road',
    });
  });
});
