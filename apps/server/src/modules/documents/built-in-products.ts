import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONFIGURATOR_ID } from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { productModels, products } from '../../db/schema';
import { DEMO_MODELS_DIR } from '../products/demo-models';

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

async function findStepProduct(db: TDbOrTx, pid: string, ruleset: string) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.pid, pid), eq(products.ruleset, ruleset)))
    .orderBy(products.id)
    .limit(1);
  return row?.id ?? null;
}

/**
 * The platform's product of a built-in step, created with its model as version 1 when the platform has none yet
 * (configurable, not in the catalog, no price). Two first uses at once create one: the product number is unique
 * per platform, and the loser reads the winner's.
 */
export async function ensureStepProduct(tx: TDbOrTx, pid: string, step: TBuiltInStep): Promise<number> {
  const found = await findStepProduct(tx, pid, step.ruleset);
  if (found !== null) return found;
  const model = await builtInModel(step);
  const [created] = await tx
    .insert(products)
    .values({
      pid,
      name: String(model.name),
      description: String(model.description ?? ''),
      productNumber: step.productNumber,
      ruleset: step.ruleset,
      isNonConfigurable: false,
      isQuickConfig: false,
      showInCatalog: false,
    })
    .onConflictDoNothing()
    .returning({ id: products.id });
  if (!created) {
    const winner = await findStepProduct(tx, pid, step.ruleset);
    if (winner === null) throw new Error(`Product number ${step.productNumber} of ${pid} is taken by another product`);
    return winner;
  }
  const [version] = await tx
    .insert(productModels)
    .values({ pid, productId: created.id, key: String(model.id), name: String(model.name), version: 1, model })
    .returning({ id: productModels.id });
  await tx
    .update(products)
    .set({ modelId: version?.id ?? null })
    .where(eq(products.id, created.id));
  return created.id;
}

/** Seeds both built-in step products on a platform. */
export async function seedBuiltInProducts(tx: TDbOrTx, pid: string): Promise<void> {
  for (const step of BUILT_IN_STEPS) await ensureStepProduct(tx, pid, step);
}

/** The built-in step a configurator id names (31 quote review, 33 order write-up), if any. */
export const stepOfConfiguratorId = (productId: number): TBuiltInStep | null =>
  BUILT_IN_STEPS.find((step) => step.configuratorId === productId) ?? null;
