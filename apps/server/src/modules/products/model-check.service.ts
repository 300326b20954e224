import {
  MSG,
  msgModelTooComplex,
  type TCheckModelResult,
  type TDiffModelsResult,
  type TModelFinding,
} from '@cpq/contracts';
import { type CheckFinding, EngineError, type ReplayResult, type StoredConfiguration } from '@cpq/engine';
import type { TModelCompiler } from '../../compiler/model-compiler';
import type { TDb } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { listSoldConfigurations, type TSoldConfiguration } from './model-check.repository';
import { validateModel } from './model-validation';
import { findModelVersionRow } from './product-models.repository';
import { findProductRow } from './products.repository';

type TContext = { db: TDb; actor: TActor; compiler: TModelCompiler };

/** Runs a task in the check threads; the engine's refusal (a rule it cannot lower, no diagram within the budget) is a 422. */
async function runCheck(ctx: TContext, task: Parameters<TModelCompiler['check']>[0]) {
  try {
    return await ctx.compiler.check(task);
  } catch (error) {
    if (!(error instanceof EngineError)) throw error;
    if (error.code !== 'BUDGET_EXCEEDED') {
      throw new AppError('VALIDATION_FAILED', error.message, [{ path: 'model', message: error.message }]);
    }
    const message = msgModelTooComplex('did not compile within the budget');
    throw new AppError('MODEL_TOO_COMPLEX', message, [{ path: 'model', message }]);
  }
}

const notFound = (path: string) => new AppError('NOT_FOUND', MSG.notFound, [{ path, message: MSG.notFound }]);

/** A stored session's choices (`[{ optionId, value }]`) and params as the engine replays them. */
function storedOf(row: TSoldConfiguration): StoredConfiguration {
  const choices: Record<string, string> = {};
  if (Array.isArray(row.choices)) {
    for (const choice of row.choices as { optionId?: unknown; value?: unknown }[]) {
      if (typeof choice?.optionId === 'string' && typeof choice.value === 'string')
        choices[choice.optionId] = choice.value;
    }
  }
  const params = Array.isArray(row.params) ? (row.params as StoredConfiguration['params']) : undefined;
  return params ? { choices, params } : { choices };
}

function pastSaleFinding(row: TSoldConfiguration, result: ReplayResult): TModelFinding {
  const changes = [...result.changes];
  const listed = changes.map((change) => `${change.option} ${change.from} -> ${change.to || '?'}`).join(', ');
  return {
    kind: 'past-sale-invalid',
    severity: 'warning',
    options: changes.map((change) => change.option),
    values: changes.map((change) => ({ option: change.option, value: change.from })),
    constraints: [],
    message: `Line ${row.lineId}${row.quoteId === null ? '' : ` of quote ${row.quoteId}`} is no longer valid with this model.`,
    fix: `The fewest changes that make it valid: ${listed}.`,
    ...(row.quoteId === null ? {} : { quoteId: row.quoteId }),
    lineId: row.lineId,
    changes,
  };
}

const toFinding = (finding: CheckFinding): TModelFinding => ({
  ...finding,
  options: [...finding.options],
  values: finding.values.map((value) => ({ ...value })),
  constraints: [...finding.constraints],
  ...(finding.example ? { example: { ...finding.example } } : {}),
});

/**
 * Checks a configuration model (JSON, validated first: a 400 lists its problems) in the compiler's check threads and
 * answers the engine's proven findings. With `productId` (a product of the caller's platform, level 9 any), every
 * configuration on a quote line of the product's current model version is replayed on the model; each no longer
 * valid is a `past-sale-invalid` finding with its quote, line and the fewest changes that make it valid. The
 * studio calls this at publish.
 */
export async function checkModelFindings(
  ctx: TContext,
  model: Record<string, unknown>,
  productId?: number,
): Promise<TCheckModelResult> {
  const { parsed } = validateModel(model);
  let sold: TSoldConfiguration[] = [];
  if (productId !== undefined) {
    const scope = scopeOf(ctx.actor);
    const product = await findProductRow(ctx.db, scope, productId);
    if (!product) throw notFound('productId');
    if (product.modelId !== null) sold = await listSoldConfigurations(ctx.db, scope, productId, product.modelId);
  }
  const answer = await runCheck(ctx, {
    kind: 'check',
    model: parsed,
    configurations: sold.map(storedOf),
    compileBudgetMs: ctx.compiler.limits.budgetMs,
  });
  if (answer.kind !== 'checked') throw new Error('the check thread answered a diff');
  const findings = answer.findings.map(toFinding);
  answer.replays.forEach((result, i) => {
    const row = sold[i];
    if (row && !result.isValid) findings.push(pastSaleFinding(row, result));
  });
  return {
    findings,
    configurations: answer.configurations === null ? null : answer.configurations.toString(),
    replayed: sold.length,
  };
}

/**
 * Compares two model versions of the caller's platform (level 9 any), by id: exact counts of the configurations
 * gained and lost on the options both share, an example of each, and the values whose availability changed.
 */
export async function diffModelVersions(ctx: TContext, fromId: number, toId: number): Promise<TDiffModelsResult> {
  const scope = scopeOf(ctx.actor);
  const [from, to] = await Promise.all([
    findModelVersionRow(ctx.db, scope, fromId),
    findModelVersionRow(ctx.db, scope, toId),
  ]);
  if (from === null) throw notFound('from');
  if (to === null) throw notFound('to');
  const answer = await runCheck(ctx, {
    kind: 'diff',
    from: validateModel(from.model).parsed,
    to: validateModel(to.model).parsed,
  });
  if (answer.kind !== 'diffed') throw new Error('the check thread answered a check');
  const { diff } = answer;
  return {
    sharedOptions: [...diff.sharedOptions],
    addedOptions: [...diff.addedOptions],
    removedOptions: [...diff.removedOptions],
    notCompared: [...diff.notCompared],
    fromCount: diff.fromCount.toString(),
    toCount: diff.toCount.toString(),
    gained: diff.gained.toString(),
    lost: diff.lost.toString(),
    ...(diff.gainedExample ? { gainedExample: { ...diff.gainedExample } } : {}),
    ...(diff.lostExample ? { lostExample: { ...diff.lostExample } } : {}),
    valueChanges: diff.valueChanges.map((change) => ({ ...change })),
  };
}
