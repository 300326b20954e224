import {
  APPROVAL_MSG,
  canChangeQuote,
  decisionRefusal,
  MSG,
  SUPER_ADMIN_LEVEL,
  submitRefusal,
  type TApprovalAction,
  type TApprovalStepView,
  type TApprovalWaiting,
  type TMyApprovals,
  type TQuoteApproval,
} from '@cpq/contracts';
import { spendMailBudget } from '../../adapters/mail/mail-budget';
import type { TDbOrTx, TTx } from '../../db/client';
import { type TAfterCommit, withTransaction } from '../../db/transaction';
import type { TAppDeps } from '../../deps';
import type { TActor } from '../../lib/actor';
import { AppError, assertAllowed } from '../../lib/app-error';
import { scopeOf } from '../../lib/platform-scope';
import { assertVersion } from '../../lib/versioning';
import { insertChangesBy } from '../audit/change-trail';
import { approvalDecisionMail, approvalRequestMail } from './approval-mails';
import { hasRuleApprovedBy } from './approval-rules.repository';
import {
  approversText,
  canApproveStep,
  snapshotSteps,
  standingForRules,
  standingOf,
  type TStanding,
  type TStepSnapshot,
} from './approval-standing';
import {
  findApprovalActions,
  findApprovalQuote,
  findApproverCandidates,
  findSubmittedApprovals,
  insertApproval,
  insertApprovalAction,
  type TApprovalActionRow,
  type TApprovalQuote,
  updateApprovalRow,
} from './approvals.repository';

export type TApprovalContext = { deps: TAppDeps; actor: TActor; ip: string };

/** The most approvers one step's mail goes to (one mail each). */
const MAX_MAILED_APPROVERS = 20;

const notFound = () => new AppError('NOT_FOUND', MSG.notFound, [{ path: 'id', message: MSG.notFound }]);

const stepsOf = (steps: unknown): TStepSnapshot[] => steps as TStepSnapshot[];

const quoteUrl = (deps: TAppDeps, quoteId: number) => `${deps.config.publicUrl}/Quote/${quoteId}`;

const isOfCallerPlatform = (actor: TActor, quote: TApprovalQuote) =>
  actor.roleLevel >= SUPER_ADMIN_LEVEL || actor.pid === quote.pid;

/** The step of a waiting request that the caller may decide, or null. Nobody decides their own quote. */
function decidableStep(actor: TActor, quote: TApprovalQuote, standing: TStanding): TStepSnapshot | null {
  const record = standing.record;
  if (standing.state !== 'submitted' || !record || quote.createdByUserId === actor.userId) return null;
  if (!isOfCallerPlatform(actor, quote)) return null;
  const step = stepsOf(record.steps).find((one) => one.step === record.currentStep);
  return step && canApproveStep(actor, step) ? step : null;
}

const toAction = (row: TApprovalActionRow): TApprovalAction => ({
  step: row.step,
  decision: row.decision === 'rejected' ? 'rejected' : 'approved',
  username: row.username,
  at: row.createdAt.toISOString(),
  comment: row.comment,
});

/** The Approval panel's view of a quote: its state, steps with decisions, hints, and whether the caller decides. */
async function approvalView(db: TDbOrTx, actor: TActor, quote: TApprovalQuote, standing: TStanding) {
  const { record, state, needs } = standing;
  const isOnRecord = record !== null && (state === 'submitted' || state === 'approved' || state === 'rejected');
  const steps = isOnRecord ? stepsOf(record.steps) : await snapshotSteps(db, needs);
  const actions = isOnRecord ? (await findApprovalActions(db, record.id)).map(toAction) : [];
  const hintOf = new Map(needs.map((need) => [need.step, need.hint]));
  const statusOf = (step: TStepSnapshot, ofStep: TApprovalAction[]): TApprovalStepView['status'] => {
    if (ofStep.some((action) => action.decision === 'rejected')) return 'rejected';
    if (ofStep.some((action) => action.decision === 'approved')) return 'approved';
    return state === 'submitted' && record?.currentStep === step.step ? 'waiting' : 'pending';
  };
  const view: TQuoteApproval = {
    quoteId: quote.id,
    state,
    steps: steps.map((step) => {
      const ofStep = actions.filter((action) => action.step === step.step);
      return {
        step: step.step,
        name: step.name,
        rules: step.rules,
        approvers: approversText(step),
        status: statusOf(step, ofStep),
        actions: ofStep,
        hint: hintOf.get(step.step) ?? null,
      };
    }),
    submittedBy: isOnRecord ? record.submittedByName : null,
    submittedAt: isOnRecord ? record.createdAt.toISOString() : null,
    withdrawnMessage: state === 'needed' && record?.state === 'withdrawn' ? record.withdrawnMessage : null,
    canDecide: decidableStep(actor, quote, standing) !== null,
    hasRules: standing.hasRules,
  };
  return view;
}

/**
 * quoteManagement/getQuoteApproval: a quote's approval explained, for whoever may change the quote and for the
 * approvers of its waiting step; NOT_FOUND for anyone else.
 */
export async function getQuoteApproval(ctx: TApprovalContext, id: number): Promise<TQuoteApproval> {
  const db = ctx.deps.db;
  const quote = await findApprovalQuote(db, id);
  if (!quote) throw notFound();
  const standing = await standingOf(db, quote);
  if (!canChangeQuote(ctx.actor, quote) && decidableStep(ctx.actor, quote, standing) === null) throw notFound();
  return approvalView(db, ctx.actor, quote, standing);
}

/** Mails a step's approvers (its named users when it has any, else everyone who may decide it), not the owner. */
async function mailStep(
  ctx: TApprovalContext,
  tx: TTx,
  afterCommit: TAfterCommit,
  quote: TApprovalQuote,
  step: TStepSnapshot,
  submittedBy: string,
) {
  const named = [...new Set(step.approvers.flatMap((rule) => rule.userIds))];
  const minLevel = Math.min(...step.approvers.map((rule) => rule.minLevel));
  const candidates = await findApproverCandidates(tx, quote.pid, minLevel, named);
  const eligible = candidates.filter(
    (user) => user.id !== quote.createdByUserId && canApproveStep({ userId: user.id, roleLevel: user.roleLevel }, step),
  );
  const namedEligible = eligible.filter((user) => named.includes(user.id));
  const recipients = (namedEligible.length > 0 ? namedEligible : eligible).slice(0, MAX_MAILED_APPROVERS);
  if (recipients.length === 0) return;
  // Approver mails spend the sender's and the platform's mail budget like other mails; past it the request still
  // stands (approvers find it on their list), and administrators see a `mail.withheld` event.
  const budget = await spendMailBudget(ctx.deps, { userId: ctx.actor.userId, pid: quote.pid }, recipients.length);
  if (!budget.allowed) {
    await insertChangesBy(tx, ctx, [
      {
        entity: 'mail',
        verb: 'withheld',
        entityId: quote.id,
        pid: quote.pid,
        data: { quoteId: quote.id, step: step.step, limit: budget.scope, recipients: recipients.length },
      },
    ]);
    ctx.deps.log.warn(
      { quoteId: quote.id, step: step.step, limit: budget.scope },
      'approval request not mailed to the approvers: mail limit reached',
    );
    return;
  }
  for (const user of recipients) {
    const mail = approvalRequestMail({
      to: user.username,
      pid: quote.pid,
      quoteId: quote.id,
      quoteName: quote.name,
      url: quoteUrl(ctx.deps, quote.id),
      stepName: step.name,
      rules: step.rules,
      submittedBy,
    });
    await ctx.deps.mailer.enqueue(tx, afterCommit, mail);
  }
}

const approvalEvent = (
  ctx: TApprovalContext,
  tx: TDbOrTx,
  verb: 'submitted' | 'approved' | 'rejected',
  approvalId: number,
  quote: TApprovalQuote,
  data: Record<string, unknown>,
) =>
  insertChangesBy(tx, ctx, [
    { entity: 'quoteApproval', verb, entityId: approvalId, pid: quote.pid, data: { quoteId: quote.id, ...data } },
  ]);

/**
 * quoteManagement/submitForApproval: asks for approval of a quote that meets rules, at the version the caller read.
 * The steps and their approvers are kept with the request; the first step's approvers are mailed.
 */
export async function submitForApproval(ctx: TApprovalContext, id: number, version: number): Promise<TQuoteApproval> {
  return withTransaction(ctx.deps.db, ctx.deps.log, async (tx, afterCommit) => {
    const quote = await findApprovalQuote(tx, id, true);
    if (!quote || !canChangeQuote(ctx.actor, quote)) throw notFound();
    assertVersion(quote, version);
    const standing = await standingOf(tx, quote, true);
    assertAllowed(submitRefusal(quote, standingForRules(standing)));
    const previous = standing.record;
    if (previous && (previous.state === 'submitted' || previous.state === 'approved')) {
      // Stale (the quote changed since): superseded by this request.
      await updateApprovalRow(tx, previous.id, { state: 'withdrawn', currentStep: null });
    }
    const steps = await snapshotSteps(tx, standing.needs);
    const record = await insertApproval(tx, {
      quoteId: quote.id,
      pid: quote.pid,
      state: 'submitted',
      fingerprint: standing.fingerprint,
      steps,
      currentStep: steps[0]!.step,
      submittedByUserId: ctx.actor.userId,
      submittedByName: ctx.actor.username,
    });
    await approvalEvent(ctx, tx, 'submitted', record.id, quote, { steps: steps.map((step) => step.name) });
    await mailStep(ctx, tx, afterCommit, quote, steps[0]!, ctx.actor.username);
    return approvalView(tx, ctx.actor, quote, { ...standing, record, state: 'submitted' });
  });
}

/**
 * quoteManagement/approveQuote and rejectQuote: a decision on the waiting step by one of its approvers (a named
 * user, or anyone of the step's level or higher standing in), never the quote's owner. Approving the last step
 * approves the quote; a rejection ends the request. The next step's approvers, or the owner, are mailed.
 */
export async function decideQuote(
  ctx: TApprovalContext,
  body: { id: number; version: number; step?: number | undefined; comment?: string | undefined },
  decision: 'approved' | 'rejected',
): Promise<TQuoteApproval> {
  return withTransaction(ctx.deps.db, ctx.deps.log, async (tx, afterCommit) => {
    const quote = await findApprovalQuote(tx, body.id, true);
    if (!quote || !isOfCallerPlatform(ctx.actor, quote)) throw notFound();
    assertVersion(quote, body.version);
    const standing = await standingOf(tx, quote, true);
    assertAllowed(decisionRefusal(standingForRules(standing)));
    if (quote.createdByUserId === ctx.actor.userId) throw new AppError('FORBIDDEN', APPROVAL_MSG.ownQuote);
    const step = decidableStep(ctx.actor, quote, standing);
    const record = standing.record!;
    if (body.step !== undefined && body.step !== record.currentStep) {
      throw new AppError('CONFLICT', MSG.conflict, [{ path: 'step', message: MSG.conflict }]);
    }
    if (!step) throw new AppError('FORBIDDEN', APPROVAL_MSG.notYourStep);
    const comment = body.comment?.trim() || null;
    await insertApprovalAction(tx, {
      approvalId: record.id,
      step: step.step,
      decision,
      userId: ctx.actor.userId,
      username: ctx.actor.username,
      comment,
    });
    // The request goes on to the next step unless this was a rejection or the last step.
    const next = decision === 'rejected' ? undefined : stepsOf(record.steps).find((one) => one.step > step.step);
    const state = next ? 'submitted' : decision;
    const updated = await updateApprovalRow(tx, record.id, { state, currentStep: next?.step ?? null });
    await approvalEvent(ctx, tx, decision, record.id, quote, { step: step.step, comment });
    if (next) await mailStep(ctx, tx, afterCommit, quote, next, record.submittedByName);
    else {
      const mail = approvalDecisionMail({
        to: quote.createdByEmail,
        pid: quote.pid,
        quoteId: quote.id,
        quoteName: quote.name,
        url: quoteUrl(ctx.deps, quote.id),
        decision,
        by: ctx.actor.username,
        comment,
      });
      await ctx.deps.mailer.enqueue(tx, afterCommit, mail);
    }
    return approvalView(tx, ctx.actor, quote, { ...standing, record: updated, state });
  });
}

/** The quotes whose waiting step the caller may decide, oldest request first. */
async function waitingFor(ctx: TApprovalContext): Promise<TApprovalWaiting[]> {
  const submitted = await findSubmittedApprovals(ctx.deps.db, scopeOf(ctx.actor));
  return submitted.flatMap(({ approval, quoteName, owner, ownerId, total }): TApprovalWaiting[] => {
    const step = stepsOf(approval.steps).find((one) => one.step === approval.currentStep);
    if (!step || ownerId === ctx.actor.userId || !canApproveStep(ctx.actor, step)) return [];
    return [
      {
        quoteId: approval.quoteId,
        quoteName,
        owner,
        total,
        step: step.step,
        stepName: step.name,
        submittedAt: approval.createdAt.toISOString(),
      },
    ];
  });
}

/** quoteManagement/getApprovalsWaiting: quotes whose waiting step the caller may decide, oldest request first. */
export async function getApprovalsWaiting(
  ctx: TApprovalContext,
  page: { limit: number; offset: number },
): Promise<{ rows: TApprovalWaiting[]; count: number }> {
  const mine = await waitingFor(ctx);
  return { rows: mine.slice(page.offset, page.offset + page.limit), count: mine.length };
}

/**
 * quoteManagement/getMyApprovals: whether the caller approves anything (a rule of their platform names them or a
 * level they hold, or a quote waits for them), for the header's Approvals link and its count.
 */
export async function getMyApprovals(ctx: TApprovalContext): Promise<TMyApprovals> {
  const [waiting, approvesARule] = await Promise.all([
    waitingFor(ctx),
    hasRuleApprovedBy(ctx.deps.db, ctx.actor.pid, ctx.actor),
  ]);
  return { isApprover: approvesARule || waiting.length > 0, waiting: waiting.length };
}
