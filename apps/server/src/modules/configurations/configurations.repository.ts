import type { TChoice, TConfiguration, TDetailItem, TInitialParameter, TPagedQuery } from '@cpq/contracts';
import { dollarsOf } from '@cpq/contracts';
import { and, count, eq, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { TDbOrTx } from '../../db/client';
import { configurations, productModels, products, quoteLines, quotes } from '../../db/schema';
import { countRows, type TPagedListSpec, toPageParts } from '../../lib/paged-query';
import { nextVersion } from '../../lib/versioning';

export type TConfigurationRow = typeof configurations.$inferSelect;
export type TConfigurationInsert = Omit<typeof configurations.$inferInsert, 'createdAt' | 'updatedAt'>;

/** What the configurator reads of a configuration on every step. */
export type TStoredConfiguration = TConfigurationRow & {
  choices: TChoice[];
  params: TInitialParameter[];
  details: TDetailItem[] | null;
};

const asStored = (row: TConfigurationRow): TStoredConfiguration => row as TStoredConfiguration;

export async function findConfigurationRow(db: TDbOrTx, id: string): Promise<TStoredConfiguration | null> {
  const [row] = await db.select().from(configurations).where(eq(configurations.id, id)).limit(1);
  return row ? asStored(row) : null;
}

/** The type of the quote a configuration is on (2: an order), or null when it is on none. */
export async function findQuoteTypeOf(db: TDbOrTx, row: Pick<TConfigurationRow, 'quoteId'>): Promise<number | null> {
  if (row.quoteId === null) return null;
  const [quote] = await db.select({ type: quotes.type }).from(quotes).where(eq(quotes.id, row.quoteId)).limit(1);
  return quote?.type ?? null;
}

/**
 * Inserts a copy of a configuration under a new id, owner and place (its choices, params and what its last finish
 * produced); null when the id exists already (the same copy twice).
 */
export async function insertConfigurationCopy(
  db: TDbOrTx,
  source: TStoredConfiguration,
  copy: Pick<TConfigurationInsert, 'id' | 'userId' | 'username' | 'quoteId' | 'lineId'>,
): Promise<TStoredConfiguration | null> {
  return insertConfigurationOnce(db, {
    ...copy,
    pid: source.pid,
    productId: source.productId,
    modelId: source.modelId,
    modelVersion: source.modelVersion,
    choices: source.choices,
    params: source.params,
    isComplete: source.isComplete,
    partNumber: source.partNumber,
    description: source.description,
    priceCents: source.priceCents,
    details: source.details,
    imageUrl: source.imageUrl,
  });
}

/** The id of a quote's line that uses a configuration (the first), or null. */
export async function findLineUsing(db: TDbOrTx, quoteId: number | null, configurationId: string) {
  if (quoteId === null) return null;
  const [line] = await db
    .select({ id: quoteLines.id })
    .from(quoteLines)
    .where(and(eq(quoteLines.quoteId, quoteId), eq(quoteLines.configurationId, configurationId)))
    .orderBy(quoteLines.id)
    .limit(1);
  return line?.id ?? null;
}

/** Points a quote's line that uses configuration `from` at configuration `to` instead. */
export async function repointLine(
  db: TDbOrTx,
  change: { lineId: number; quoteId: number; from: string; to: string },
): Promise<void> {
  await db
    .update(quoteLines)
    .set({ configurationId: change.to, version: nextVersion(quoteLines.version) })
    .where(
      and(
        eq(quoteLines.id, change.lineId),
        eq(quoteLines.quoteId, change.quoteId),
        eq(quoteLines.configurationId, change.from),
      ),
    );
}

/** Inserts a new configuration unless its id exists already (the same start twice); null when it did. */
export async function insertConfigurationOnce(
  db: TDbOrTx,
  values: TConfigurationInsert,
): Promise<TStoredConfiguration | null> {
  const [row] = await db.insert(configurations).values(values).onConflictDoNothing().returning();
  return row ? asStored(row) : null;
}

export async function updateConfigurationRow(
  db: TDbOrTx,
  id: string,
  patch: Partial<TConfigurationInsert>,
): Promise<TStoredConfiguration> {
  const [row] = await db
    .update(configurations)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(configurations.id, id))
    .returning();
  if (!row) throw new Error(`Configuration ${id} vanished`);
  return asStored(row);
}

/** What a configure step stores: the new choices, whether the configuration is complete, and its price now. */
export type TStepWrite = { choices: TChoice[]; isComplete: boolean; priceCents: number };

/**
 * Stores a step's choices (with completeness and the current price, so My Configurations prices an unfinished
 * configuration) if the row is still at the revision the session was built from, in one statement: the hot path of
 * every configure. Answers the new revision, or null when the row changed meanwhile (or is gone): then nothing was
 * written.
 */
export async function storeChoicesIf(
  db: TDbOrTx,
  built: Pick<TStoredConfiguration, 'id' | 'revision'>,
  step: TStepWrite,
): Promise<number | null> {
  let statement = storeStepStatements.get(db);
  if (!statement) {
    statement = storeStepStatement(db);
    storeStepStatements.set(db, statement);
  }
  const rows = await statement.execute({
    id: built.id,
    revision: built.revision,
    choices: JSON.stringify(step.choices),
    isComplete: step.isComplete,
    priceCents: step.priceCents,
  });
  return rows[0]?.revision ?? null;
}

/** storeChoicesIf's statement, built once per database handle (it runs on every configure). */
function storeStepStatement(db: TDbOrTx) {
  return db
    .update(configurations)
    .set({
      choices: sql`${sql.placeholder('choices')}::jsonb`,
      isComplete: sql`${sql.placeholder('isComplete')}`,
      priceCents: sql`${sql.placeholder('priceCents')}`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(configurations.id, sql.placeholder('id')), eq(configurations.revision, sql.placeholder('revision'))))
    .returning({ revision: configurations.revision })
    .prepare('store_configure_step');
}

const storeStepStatements = new WeakMap<TDbOrTx, ReturnType<typeof storeStepStatement>>();

/** Whether the row is still at the revision a session was built from (see storeChoicesIf). */
export async function isStillBuiltFrom(
  db: TDbOrTx,
  built: Pick<TStoredConfiguration, 'id' | 'revision'>,
): Promise<boolean> {
  const [row] = await db
    .select({ revision: configurations.revision })
    .from(configurations)
    .where(eq(configurations.id, built.id));
  return row?.revision === built.revision;
}

/** The JSON of one model version. */
export async function findModelJson(db: TDbOrTx, modelId: number): Promise<unknown> {
  const [row] = await db
    .select({ model: productModels.model })
    .from(productModels)
    .where(eq(productModels.id, modelId))
    .limit(1);
  if (!row) throw new Error(`Model version ${modelId} is missing`);
  return row.model;
}

/**
 * A model version's number, or null. Only the number: the JSON is read when the process compiles the version
 * (compiledModel), and a start read it every time (Renault Megane's, 21 MB on the heap once parsed).
 */
export async function findModelVersion(db: TDbOrTx, modelId: number) {
  const [row] = await db
    .select({ version: productModels.version })
    .from(productModels)
    .where(eq(productModels.id, modelId))
    .limit(1);
  return row ?? null;
}

const LIST: TPagedListSpec = {
  sortable: {
    id: configurations.id,
    createdDate: configurations.createdAt,
    createdAt: configurations.createdAt,
    updatedAt: configurations.updatedAt,
    productName: products.name,
    productNumber: products.productNumber,
    partNumber: configurations.partNumber,
    price: configurations.priceCents,
    isComplete: configurations.isComplete,
  },
  searchable: [products.name, products.productNumber, configurations.partNumber, configurations.description],
  defaultOrder: [['createdDate', 'DESC']],
  tieBreaker: configurations.id,
};

const listColumns = {
  configuration: configurations,
  productName: products.name,
  productNumber: products.productNumber,
  productImageUrl: products.imageUrl,
  quoteType: quotes.type,
};

type TListRow = {
  configuration: TConfigurationRow;
  productName: string;
  productNumber: string;
  productImageUrl: string | null;
  quoteType: number | null;
};

const asQuoteType = (type: number | null): 1 | 2 | 3 | null => (type === 1 || type === 2 || type === 3 ? type : null);

function toConfiguration({ configuration: row, productName, productNumber, productImageUrl, quoteType }: TListRow) {
  const stored = asStored(row);
  return {
    id: row.id,
    productId: row.productId,
    productName,
    productNumber,
    imageUrl: row.imageUrl ?? productImageUrl,
    modelVersion: row.modelVersion,
    choices: stored.choices,
    username: row.username,
    pid: row.pid,
    quoteId: row.quoteId,
    lineId: row.lineId,
    isComplete: row.isComplete,
    partNumber: row.partNumber,
    description: row.description,
    price: row.priceCents === null ? null : dollarsOf(row.priceCents),
    quoteType: asQuoteType(quoteType),
    details: stored.details,
    createdDate: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies TConfiguration;
}

/**
 * Whose configurations a list shows (the service decides from the caller's access): one user's by id, or a user's
 * by username, on one platform or (pid null: level 9) on any.
 */
export type TConfigurationOwner = { userId: number } | { username: string; pid: string | null };

const ownerFilter = (owner: TConfigurationOwner): SQL | undefined =>
  'userId' in owner
    ? eq(configurations.userId, owner.userId)
    : and(
        eq(configurations.username, owner.username),
        owner.pid === null ? undefined : eq(configurations.pid, owner.pid),
      );

/**
 * One page of the owner's configurations: configurations of products, never of the built-in steps
 * (`stepRulesets`), and incomplete ones only when asked for.
 */
export async function listConfigurations(
  db: TDbOrTx,
  owner: TConfigurationOwner,
  query: TPagedQuery & { includeIncomplete?: boolean | undefined },
  stepRulesets: readonly string[],
) {
  const page = toPageParts(LIST, query);
  const where = and(
    ownerFilter(owner),
    or(isNull(products.ruleset), notInArray(products.ruleset, [...stepRulesets])),
    query.includeIncomplete ? undefined : eq(configurations.isComplete, true),
    page.where,
  );
  const [rows, total] = await Promise.all([
    db
      .select(listColumns)
      .from(configurations)
      .innerJoin(products, eq(products.id, configurations.productId))
      .leftJoin(quotes, eq(quotes.id, configurations.quoteId))
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    countRows(
      db
        .select({ value: count() })
        .from(configurations)
        .innerJoin(products, eq(products.id, configurations.productId))
        .where(where),
    ),
  ]);
  return { rows: rows.map(toConfiguration), count: total };
}
