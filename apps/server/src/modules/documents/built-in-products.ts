import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIGURATOR_ID } from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { DEMO_MODELS_DIR } from '../products/demo-models';
import { nextModelVersion } from '../products/product-models.repository';
import {
  findModelEdition,
  findStepProduct,
  insertModelVersion,
  insertProductOnce,
  lockProductModelId,
  setProductModel,
} from './built-in-products.repository';

/** The built-in review and write-up models ship in `models/built-in/`. */
export const BUILT_IN_MODELS_DIR = join(DEMO_MODELS_DIR, 'built-in');

/** The two built-in steps: the spec's configurator id, the ruleset that sets the mode, the model and product. */
export const BUILT_IN_STEPS = [
  {
    configuratorId: CONFIGURATOR_ID.quote,
    ruleset: 'Quote_Gen',
    file: 'quote-review.json',
    productNumber: 'QUOTE-REVIEW',
  },
  {
    configuratorId: CONFIGURATOR_ID.order,
    ruleset: 'SO_WriteUP',
    file: 'order-writeup.json',
    productNumber: 'SO-WRITEUP',
  },
] as const;

type TBuiltInStep = (typeof BUILT_IN_STEPS)[number];

const modelCache = new Map<string, Promise<Record<string, unknown>>>();

function builtInModel(step: TBuiltInStep): Promise<Record<string, unknown>> {
  let model = modelCache.get(step.file);
  if (!model) {
    model = readFile(join(BUILT_IN_MODELS_DIR, step.file), 'utf8').then(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
    modelCache.set(step.file, model);
  }
  return model;
}

/**
 * Gives a step product whose current model is an older edition of the built-in one (same model id, lower `version`
 * in its JSON) the shipped edition as its next version, so fixes to the built-in steps (the write-up's date check)
 * reach platforms made before them. A model an administrator put in its place (another model id) is left alone.
 */
async function upgradeStepModel(
  tx: TDbOrTx,
  pid: string,
  product: { id: number; modelId: number | null },
  step: TBuiltInStep,
): Promise<void> {
  if (product.modelId === null) return;
  const shipped = await builtInModel(step);
  const current = await findModelEdition(tx, product.modelId);
  if (!current || current.key !== String(shipped.id) || (current.edition ?? 0) >= Number(shipped.version)) return;
  // Locked, so two first uses after an upgrade add one version.
  if ((await lockProductModelId(tx, product.id)) !== product.modelId) return;
  const versionId = await insertModelVersion(tx, {
    pid,
    productId: product.id,
    key: String(shipped.id),
    name: String(shipped.name),
    version: await nextModelVersion(tx, product.id),
    model: shipped,
  });
  if (versionId) await setProductModel(tx, product.id, versionId);
}

/**
 * The platform's product of a built-in step, created with its model as version 1 when the platform has none yet
 * (configurable, not in the catalog, no price), or brought up to the shipped edition of its model. Two first uses at once create one: the product number is unique
 * per platform, and the loser reads the winner's.
 */
export async function ensureStepProduct(tx: TDbOrTx, pid: string, step: TBuiltInStep): Promise<number> {
  const found = await findStepProduct(tx, pid, step.ruleset);
  if (found !== null) {
    await upgradeStepModel(tx, pid, found, step);
    return found.id;
  }
  const model = await builtInModel(step);
  const createdId = await insertProductOnce(tx, {
    pid,
    name: String(model.name),
    description: String(model.description ?? ''),
    productNumber: step.productNumber,
    ruleset: step.ruleset,
    isNonConfigurable: false,
    isQuickConfig: false,
    showInCatalog: false,
  });
  if (createdId === undefined) {
    const winner = await findStepProduct(tx, pid, step.ruleset);
    if (winner === null) throw new Error(`Product number ${step.productNumber} of ${pid} is taken by another product`);
    return winner.id;
  }
  const versionId = await insertModelVersion(tx, {
    pid,
    productId: createdId,
    key: String(model.id),
    name: String(model.name),
    version: 1,
    model,
  });
  await setProductModel(tx, createdId, versionId ?? null);
  return createdId;
}

/** Seeds both built-in step products on a platform. */
export async function seedBuiltInProducts(tx: TDbOrTx, pid: string): Promise<void> {
  for (const step of BUILT_IN_STEPS) await ensureStepProduct(tx, pid, step);
}

/** The built-in step a configurator id names (31 quote review, 33 order write-up), if any. */
export const stepOfConfiguratorId = (productId: number): TBuiltInStep | null =>
  BUILT_IN_STEPS.find((step) => step.configuratorId === productId) ?? null;
