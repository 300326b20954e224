import { randomUUID } from 'node:crypto';
import {
  MSG,
  type TFinishResult,
  type TModelDraft,
  type TModelSummary,
  type TProductView,
  type TStartResult,
  type TUiState,
} from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations, modelDrafts, quoteLines } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf } from '../audit/audit.test-support';
import {
  createConfigurableProduct,
  demoModel,
  ROAD_BIKE,
  startConfiguration,
} from '../configurator/configurator.test-support';

type TPublished = { product: TProductView; model: TModelSummary };
type TVersions = { rows: { version: number; isCurrent: boolean; createdBy: string | null }[]; count: number };

let t: TTestApp;
let a: TPlatformActors;

/** Two options with priced values, a page with a screen, and one rule: what an author builds in the studio. */
const deskModel = (basePrice = 10_000) => ({
  id: 'desk',
  name: 'Desk',
  version: 1,
  options: [
    {
      id: 'top',
      caption: 'Top',
      kind: 'single',
      displayType: 'dropdown',
      values: [
        { value: 'oak', caption: 'Oak', price: 5_000 },
        { value: 'glass', caption: 'Glass', price: 9_000 },
      ],
    },
    {
      id: 'legs',
      caption: 'Legs',
      kind: 'single',
      displayType: 'radiobuttonhorizontal',
      values: [
        { value: 'steel', caption: 'Steel', price: 1_000 },
        { value: 'wood', caption: 'Wood', price: 2_000 },
      ],
    },
  ],
  pages: [{ id: 'main', caption: 'Desk', screens: [{ id: 's1', caption: 'Desk', options: ['top', 'legs'] }] }],
  constraints: [
    { kind: 'rule', id: 'r1', description: 'Glass tops need steel legs', rule: "top = 'glass' implies legs = 'steel'" },
  ],
  pricing: { base: basePrice },
});

async function createProduct(token = a.token[5]): Promise<TProductView> {
  const input = { Name: 'Desk', ProductNumber: `D-${randomUUID().slice(0, 6)}`, isNonConfigurable: false };
  return resultOf<TProductView>(await t.call('productManagement/createProduct', { input }, token));
}

const getDraft = async (productId: number, token = a.token[5]) =>
  resultOf<TModelDraft>(await t.call('productManagement/getModelDraft', { productId }, token));
const saveDraft = (productId: number, version: number, model: unknown, token = a.token[5]) =>
  t.call('productManagement/saveModelDraft', { productId, version, model }, token);

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
});
afterAll(() => t.close());

describe('productManagement/getModelDraft and saveModelDraft', () => {
  it('starts a product without a model from an empty one named after it, stored only when saved', async () => {
    const product = await createProduct();
    const draft = await getDraft(product.ID);
    expect(draft).toMatchObject({ productId: product.ID, version: 0, isSaved: false, publishedVersion: null });
    expect(draft.model).toMatchObject({ name: 'Desk', options: [], pages: [], constraints: [] });
    expect((await getDraft(product.ID)).isSaved).toBe(false);
  });

  it('starts from the product’s current version', async () => {
    const product = await createConfigurableProduct(t, a.token[5], demoModel('bicycle'));
    const draft = await getDraft(product.ID);
    expect(draft).toMatchObject({ version: 0, isSaved: false, publishedVersion: 1 });
    expect(draft.model).toEqual(demoModel('bicycle'));
  });

  it('saves with optimistic concurrency: a stale version is a 409 asking to reload, nothing overwritten', async () => {
    const product = await createProduct();
    const first = resultOf<TModelDraft>(
      await callAudited(
        t,
        'productManagement/saveModelDraft',
        { productId: product.ID, version: 0, model: deskModel() },
        a.token[5],
      ),
    );
    expect(first).toMatchObject({ version: 1, isSaved: true, updatedBy: a.username[5] });
    const second = resultOf<TModelDraft>(await saveDraft(product.ID, 1, deskModel(12_000)));
    expect(second.version).toBe(2);

    // Another author still holding version 1 (or a second first save) is refused.
    for (const stale of [1, 0]) {
      const body = expectFailure(
        await saveDraft(product.ID, stale, deskModel(99)),
        'CONFLICT',
        MSG.modelDraftStale,
        409,
      );
      expect(body.details).toEqual([{ path: 'version', message: MSG.modelDraftStale }]);
    }
    const kept = await getDraft(product.ID);
    expect(kept.version).toBe(2);
    expect(kept.model).toMatchObject({ pricing: { base: 12_000 } });
    const [row] = await t.database.db.select().from(modelDrafts).where(eq(modelDrafts.productId, product.ID));
    const events = await changeEventsOf(t, 'modelDraft', row?.id ?? 0);
    expect(events.map((event) => [event.action, event.actor])).toEqual([
      ['modelDraft.created', a.username[5]],
      ['modelDraft.updated', a.username[5]],
    ]);
  });

  it('refuses an invalid model with each problem at its path, and stores nothing', async () => {
    const product = await createProduct();
    const broken = deskModel();
    broken.constraints = [{ kind: 'rule', id: 'r1', description: 'x', rule: "top = 'glass' implies nosuch = 1" }];
    broken.pages[0]!.screens[0]!.options = ['top', 'missing'];
    const response = await saveDraft(product.ID, 0, broken);
    const body = expectFieldError(response, 'model.constraints[0].rule');
    expect(body.details?.map((detail) => detail.path)).toContain('model.pages[0].screens[0].options[1]');
    expect((await getDraft(product.ID)).isSaved).toBe(false);
  });

  it('is for administrators of the product’s platform (level 9 any)', async () => {
    const product = await createProduct();
    await expectAccess(t, a, 'productManagement/getModelDraft', { productId: product.ID }, 5);
    await expectAccess(
      t,
      a,
      'productManagement/saveModelDraft',
      { productId: product.ID, version: 0, model: deskModel() },
      5,
    );
    expectFailure(
      await t.call('productManagement/getModelDraft', { productId: product.ID }, a.otherAdmin),
      'NOT_FOUND',
    );
    expectFailure(await saveDraft(product.ID, 1, deskModel(), a.otherAdmin), 'NOT_FOUND');
    expect((await getDraft(product.ID, a.token[9])).isSaved).toBe(true);
  });
});

describe('productManagement/publishModel and getModelVersions', () => {
  it('publishes the saved draft as the next version; new configurations use it, finished lines keep theirs', async () => {
    const product = await createConfigurableProduct(t, a.token[5], demoModel('bicycle'));
    // A sales user configures version 1 onto a quote.
    const started = await startConfiguration(t, a.token[1], product.ID);
    const sessionId = started.prepare.sessionId;
    for (const [id, value] of ROAD_BIKE) {
      resultOf(await t.call('configurator/configure', { sessionId, id, value }, a.token[1]));
    }
    const finished = resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId }, a.token[1]));

    const draft = await getDraft(product.ID);
    const model = { ...draft.model, pricing: { ...(draft.model.pricing as object), base: 200_000 } };
    const saved = resultOf<TModelDraft>(await saveDraft(product.ID, draft.version, model));
    const published = resultOf<TPublished>(
      await callAudited(
        t,
        'productManagement/publishModel',
        { productId: product.ID, version: saved.version },
        a.token[5],
      ),
    );
    expect(published.model).toMatchObject({ version: 2, productId: product.ID });
    expect(published.product.modelId).toBe(published.model.id);
    expect((await getDraft(product.ID)).publishedVersion).toBe(2);

    const fresh = await startConfiguration(t, a.token[1], product.ID);
    expect(fresh.prepare.modelVersion).toBe(2);
    const [row] = await t.database.db.select().from(configurations).where(eq(configurations.id, sessionId));
    expect(row).toMatchObject({ modelVersion: 1 });
    const [line] = await t.database.db
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.id, finished.lineId ?? 0));
    expect(Number(line?.price)).toBe(finished.price);

    const versions = resultOf<TVersions>(
      await t.call('productManagement/getModelVersions', { productId: product.ID }, a.token[5]),
    );
    expect(versions.rows.map((v) => [v.version, v.isCurrent])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions.rows[0]?.createdBy).toBe(a.username[5]);
  });

  it('refuses a draft saved since and a product without a draft (409), publishing nothing', async () => {
    const product = await createProduct();
    expectFailure(
      await t.call('productManagement/publishModel', { productId: product.ID, version: 1 }, a.token[5]),
      'CONFLICT',
      MSG.modelDraftStale,
    );
    resultOf(await saveDraft(product.ID, 0, deskModel()));
    resultOf(await saveDraft(product.ID, 1, deskModel(1)));
    expectFailure(
      await t.call('productManagement/publishModel', { productId: product.ID, version: 1 }, a.token[5]),
      'CONFLICT',
      MSG.modelDraftStale,
    );
    const versions = resultOf<TVersions>(
      await t.call('productManagement/getModelVersions', { productId: product.ID }, a.token[5]),
    );
    expect(versions.count).toBe(0);
  });

  it('refuses a draft the model check finds errors in, listing them at their parts, and publishes nothing', async () => {
    const product = await createProduct();
    const broken = deskModel();
    broken.constraints.push({ kind: 'rule', id: 'r2', description: 'Never glass', rule: "top != 'glass'" });
    broken.constraints.push({ kind: 'rule', id: 'r3', description: 'Never oak', rule: "top != 'oak'" });
    resultOf(await saveDraft(product.ID, 0, broken));
    const response = await t.call('productManagement/publishModel', { productId: product.ID, version: 1 }, a.token[5]);
    const body = expectFailure(response, 'VALIDATION_FAILED', MSG.modelPublishBlocked, 400);
    expect(body.details?.length).toBeGreaterThan(0);
    for (const detail of body.details ?? []) expect(detail.path).toMatch(/^model(\.(constraints|options)\[\d+\])?$/);
    const versions = resultOf<TVersions>(
      await t.call('productManagement/getModelVersions', { productId: product.ID }, a.token[5]),
    );
    expect(versions.count).toBe(0);
  });

  it('is for administrators of the product’s platform', async () => {
    const product = await createProduct();
    await expectAccess(t, a, 'productManagement/publishModel', { productId: product.ID, version: 1 }, 5);
    await expectAccess(t, a, 'productManagement/getModelVersions', { productId: product.ID }, 5);
    resultOf(await saveDraft(product.ID, 0, deskModel()));
    expectFailure(
      await t.call('productManagement/publishModel', { productId: product.ID, version: 1 }, a.otherAdmin),
      'NOT_FOUND',
    );
    expectFailure(
      await t.call('productManagement/getModelVersions', { productId: product.ID }, a.otherAdmin),
      'NOT_FOUND',
    );
    resultOf(await t.call('productManagement/publishModel', { productId: product.ID, version: 1 }, a.token[9]));
  });
});

describe('configurator/startPreview', () => {
  it('runs the saved draft for its author: configure, why-not, never stored, never finished', async () => {
    const product = await createProduct();
    expectFieldError(
      await t.call('configurator/startPreview', { productId: product.ID, configurationId: randomUUID() }, a.token[5]),
      'productId',
      MSG.modelPreviewNoDraft,
    );
    resultOf(await saveDraft(product.ID, 0, deskModel()));
    const configurationId = randomUUID();
    const started = resultOf<TStartResult>(
      await t.call('configurator/startPreview', { productId: product.ID, configurationId }, a.token[5]),
    );
    expect(started.prepare).toMatchObject({ sessionId: configurationId, productId: product.ID, quoteId: null });
    const step = resultOf<{ ui: TUiState }>(
      await t.call('configurator/configure', { sessionId: configurationId, id: 'legs', value: 'wood' }, a.token[5]),
    );
    // Wood legs leave only the oak top (the rule), so the price is base, oak and wood.
    expect(step.ui.ConfiguredPriceCents).toBe(17_000);
    const why = resultOf<{ isEnabled: boolean; summary: string }>(
      await t.call('configurator/explain', { sessionId: configurationId, id: 'top', value: 'glass' }, a.token[5]),
    );
    expect(why.isEnabled).toBe(false);
    expect(why.summary).toContain('Legs is Wood');
    const rows = await t.database.db.select().from(configurations).where(eq(configurations.id, configurationId));
    expect(rows).toEqual([]);
    // Another administrator cannot drive it, and it cannot be finished.
    const other = await t.call(
      'configurator/configure',
      { sessionId: configurationId, id: 'legs', value: 'steel' },
      a.token[9],
    );
    expectFailure(other, 'NOT_FOUND');
    expectFailure(await t.call('configurator/finish', { sessionId: configurationId }, a.token[5]), 'NOT_FOUND');
  });

  it('is for administrators of the product’s platform', async () => {
    const product = await createProduct();
    resultOf(await saveDraft(product.ID, 0, deskModel()));
    await expectAccess(t, a, 'configurator/startPreview', { productId: product.ID, configurationId: randomUUID() }, 5);
    expectFailure(
      await t.call('configurator/startPreview', { productId: product.ID, configurationId: randomUUID() }, a.otherAdmin),
      'NOT_FOUND',
    );
  });
});
