import {
  approvalNeeds,
  approvalRefusal,
  approvalStateOf,
  describeCondition,
  type TApprovalNeed,
  type TApprovalRecord,
  type TApprovalRule,
  type TApprovalStanding,
  type TApprovalState,
} from '@cpq/contracts';
import type { TDbOrTx } from '../../db/client';
import { assertAllowed } from '../../lib/app-error';
import { approvalFactsOf, approvalFingerprint } from './approval-facts';
import { rulesOfPlatform } from './approval-rules.repository';
import {
  findApprovalInput,
  findLatestApproval,
  findUserLevels,
  type TApprovalQuote,
  type TQuoteApprovalRow,
} from './approvals.repository';

/** Who approves one rule of a step: its named users, or anyone of `minLevel` or higher (the named users' stand-ins). */
export type TRuleApprovers = { minLevel: number; userIds: number[]; usernames: string[] };

/** A step as submitted: kept with the approval so later edits of the rules do not move a decision under way. */
export type TStepSnapshot = { step: number; name: string; rules: string[]; approvers: TRuleApprovers[] };

/** Where a quote stands now: the steps it needs, the approval on record, and whether that still holds. */
export type TStanding = {
  needs: TApprovalNeed<TApprovalRule>[];
  record: TQuoteApprovalRow | null;
  fingerprint: string;
  state: TApprovalState;
  /** Whether the platform has rules at all: a quote needing none was checked against them. */
  hasRules: boolean;
};

const isActive = (row: TQuoteApprovalRow | null): row is TQuoteApprovalRow & TApprovalRecord =>
  row !== null && (row.state === 'submitted' || row.state === 'approved' || row.state === 'rejected');

/**
 * The steps the quote needs by its platform's rules, and the state of its approval for what it holds now. Pass the
 * platform's `rules` when already read.
 */
export async function standingOf(
  db: TDbOrTx,
  quote: Pick<TApprovalQuote, 'id' | 'pid'>,
  forUpdate = false,
  knownRules?: TApprovalRule[],
) {
  const [rules, input, record] = await Promise.all([
    knownRules ?? rulesOfPlatform(db, quote.pid),
    findApprovalInput(db, quote.id),
    findLatestApproval(db, quote.id, forUpdate),
  ]);
  const facts = approvalFactsOf(input);
  const needs = rules.length === 0 ? [] : approvalNeeds(facts, rules);
  const fingerprint = approvalFingerprint(input, facts);
  const state = approvalStateOf(needs.length > 0, isActive(record) ? record : null, fingerprint);
  return { needs, record, fingerprint, state, hasRules: rules.length > 0 } satisfies TStanding;
}

/** The standing as the state rules read it: the state and the names of the steps needed. */
export const standingForRules = (standing: TStanding): TApprovalStanding => ({
  state: standing.state,
  stepNames: standing.needs.map((need) => need.name),
});

/**
 * Refuses (409 naming the steps) printing a final quote, ordering or paying a quote that meets approval rules and
 * is not approved for what it holds now. Read in the caller's transaction, under the quote's lock.
 */
export async function assertApprovalAllows(db: TDbOrTx, quote: Pick<TApprovalQuote, 'id' | 'pid'>): Promise<void> {
  const rules = await rulesOfPlatform(db, quote.pid);
  if (rules.length === 0) return;
  assertAllowed(approvalRefusal(standingForRules(await standingOf(db, quote, false, rules))));
}

/**
 * The steps to store with a request: each step's rules in words and who approves each rule. Named users stand in
 * for one another with anyone of the lowest of their levels or higher, so an absent approver never holds a quote.
 */
export async function snapshotSteps(db: TDbOrTx, needs: TApprovalNeed<TApprovalRule>[]): Promise<TStepSnapshot[]> {
  const named = [...new Set(needs.flatMap((need) => need.met.flatMap((met) => met.rule.approverUserIds)))];
  const levels = new Map((await findUserLevels(db, named)).map((user) => [user.id, user]));
  return needs.map((need) => ({
    step: need.step,
    name: need.name,
    rules: need.met.map((met) => describeCondition(met.rule)),
    approvers: need.met.map(({ rule }) => {
      const found = rule.approverUserIds.flatMap((id) => levels.get(id) ?? []);
      const namedLevel = found.length > 0 ? Math.min(...found.map((user) => user.roleLevel)) : null;
      return {
        minLevel: rule.approverLevel ?? namedLevel ?? 9,
        userIds: found.map((user) => user.id),
        usernames: found.map((user) => user.username),
      };
    }),
  }));
}

/** Whether a user may decide a step: for each of its rules, one of the named users or of the level or higher. */
export const canApproveStep = (user: { userId: number; roleLevel: number }, step: TStepSnapshot): boolean =>
  step.approvers.every((rule) => rule.userIds.includes(user.userId) || user.roleLevel >= rule.minLevel);

/** Who approves a step, in words. */
export function approversText(step: TStepSnapshot): string {
  return step.approvers
    .map((rule) => {
      const level = `role level ${rule.minLevel} or higher`;
      return rule.usernames.length > 0 ? `${rule.usernames.join(', ')} (or anyone of ${level})` : level;
    })
    .join('; and ');
}
