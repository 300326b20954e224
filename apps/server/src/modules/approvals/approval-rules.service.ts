import {
  APPROVAL_MSG,
  approvalRuleIssues,
  MSG,
  msgApprovalRuleDeleted,
  type TApprovalRule,
  type TApprovalRuleInput,
  type TApprovalRulePatch,
  type TPagedQuery,
} from '@cpq/contracts';
import type { TDb, TDbOrTx, TTx } from '../../db/client';
import type { TActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { scopeOf, type TPlatformScope } from '../../lib/platform-scope';
import { assertVersion, conflict } from '../../lib/versioning';
import { changeTrail, insertChangesBy } from '../audit/change-trail';
import { platformForNewRecord } from '../platforms/record-platform';
import {
  deleteApprovalRuleRow,
  findApprovalRule,
  insertApprovalRule,
  isProductOf,
  listApprovalRules,
  type TApprovalRuleValues,
  updateApprovalRuleRow,
  usersOfPlatform,
} from './approval-rules.repository';

type TContext = { db: TDb; actor: TActor; ip: string };

const trail = changeTrail('approvalRule', (row: TApprovalRule) => ({
  id: row.id,
  pid: row.pid,
  label: { name: row.name },
}));

const notFound = () => new AppError('NOT_FOUND', MSG.notFound);

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: `input.${path}`, message }]);

/**
 * The rule as it will be stored, checked whole (a patch may complete or break a stored rule): its product and named
 * users are of the rule's platform, and a product rule keeps no threshold.
 */
async function checkedValues(db: TDbOrTx, pid: string, values: TApprovalRuleValues): Promise<TApprovalRuleValues> {
  const [issue] = approvalRuleIssues(values);
  if (issue) throw invalid(issue.path, issue.message);
  if (values.metric === 'product' && !(await isProductOf(db, pid, values.productId!))) {
    throw invalid('productId', APPROVAL_MSG.productNotFound);
  }
  const ids = [...new Set(values.approverUserIds)];
  const found = await usersOfPlatform(db, pid, ids);
  if (found.length !== ids.length) throw invalid('approverUserIds', APPROVAL_MSG.approverUserNotFound);
  const isProduct = values.metric === 'product';
  return {
    ...values,
    threshold: isProduct ? null : values.threshold,
    productId: isProduct ? values.productId : null,
    approverUserIds: ids,
  };
}

/** A second rule of one name on a platform answers 400 on the name rather than the database's error. */
async function namedUniquely<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'approval_rules_pid_name_idx')) throw invalid('name', APPROVAL_MSG.nameTaken);
    throw error;
  }
}

async function reload(tx: TTx, scope: TPlatformScope, id: number): Promise<TApprovalRule> {
  const rule = await findApprovalRule(tx, scope, id);
  if (!rule) throw notFound();
  return rule;
}

export function getApprovalRules(ctx: TContext, query: TPagedQuery) {
  return listApprovalRules(ctx.db, scopeOf(ctx.actor), query);
}

/** Creates an approval rule in the caller's platform (level 9: the one named). */
export async function createApprovalRule(ctx: TContext, input: TApprovalRuleInput): Promise<TApprovalRule> {
  const { pid, ...fields } = input;
  const target = await platformForNewRecord(ctx.db, ctx.actor, pid);
  const scope = scopeOf(ctx.actor);
  return namedUniquely(() =>
    ctx.db.transaction(async (tx) => {
      const id = await insertApprovalRule(tx, { ...(await checkedValues(tx, target, fields)), pid: target });
      const created = await reload(tx, scope, id);
      await insertChangesBy(tx, ctx, [trail.created(created)]);
      return created;
    }),
  );
}

/** Updates a rule at the version the caller read; the rule as changed must be whole. */
export async function updateApprovalRule(
  ctx: TContext,
  id: number,
  input: TApprovalRulePatch,
  version: number,
): Promise<TApprovalRule> {
  const scope = scopeOf(ctx.actor);
  return namedUniquely(() =>
    ctx.db.transaction(async (tx) => {
      const current = await findApprovalRule(tx, scope, id, true);
      if (!current) throw notFound();
      assertVersion(current, version);
      const merged: TApprovalRuleValues = {
        name: input.name ?? current.name,
        step: input.step ?? current.step,
        metric: input.metric ?? current.metric,
        operator: input.operator ?? current.operator,
        threshold: input.threshold === undefined ? current.threshold : input.threshold,
        productId: input.productId === undefined ? current.productId : input.productId,
        approverLevel: input.approverLevel === undefined ? current.approverLevel : input.approverLevel,
        approverUserIds: input.approverUserIds ?? current.approverUserIds,
      };
      const values = await checkedValues(tx, current.pid, merged);
      if (!(await updateApprovalRuleRow(tx, scope, id, values, version))) throw conflict();
      const updated = await reload(tx, scope, id);
      await insertChangesBy(tx, ctx, [trail.updated(current, updated)]);
      return updated;
    }),
  );
}

/**
 * Deletes a rule. Quotes submitted or approved under it keep their approval as it was given (its steps are a
 * snapshot); quotes not yet submitted stop meeting it at once.
 */
export async function deleteApprovalRule(ctx: TContext, id: number) {
  const scope = scopeOf(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const current = await findApprovalRule(tx, scope, id, true);
    if (!current) throw notFound();
    if (!(await deleteApprovalRuleRow(tx, scope, id))) throw notFound();
    await insertChangesBy(tx, ctx, [trail.deleted(current)]);
  });
  return { ok: true as const, id, message: msgApprovalRuleDeleted(id) };
}
