import {
  APPROVAL_MSG,
  msgApprovalRequired,
  msgApprovalWithdrawn,
  type TApprovalRule,
  type TApprovalWaiting,
  type TMyApprovals,
  type TQuote,
  type TQuoteApproval,
  toCents,
} from '@cpq/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendMailBudget } from '../../adapters/mail/mail-budget';
import { auditEvents, mailOutbox, quoteLines } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { quoteCalls } from '../quotes/quotes.test-support';

let t: TTestApp;
let calls: ReturnType<typeof quoteCalls>;

/** A platform of its own per test (rules are per platform), its actors, a $100.00 product and a second admin. */
type TBed = { a: TPlatformActors; productId: number; admin2: { id: number; token: string; username: string } };

async function bed(): Promise<TBed> {
  const a = await createPlatformActors(t);
  const productId = (await calls.fixedProduct('100.00', a.token[5])).ID;
  const { db, config } = t.deps;
  const created = await signedInUser(db, config.tokenSecret, { roleLevel: 5, pid: a.pid });
  return { a, productId, admin2: { id: created.user.id, token: created.token, username: created.user.username } };
}

const createRule = async (token: string, input: Record<string, unknown>) =>
  resultOf<TApprovalRule>(await t.call('approvalManagement/createApprovalRule', { input }, token));

const approvalOf = async (id: number, token: string) =>
  resultOf<TQuoteApproval>(await t.call('quoteManagement/getQuoteApproval', { id }, token));

const submit = (quote: Pick<TQuote, 'id' | 'version'>, token: string) =>
  t.call('quoteManagement/submitForApproval', { id: quote.id, version: quote.version }, token);
const approve = (quote: Pick<TQuote, 'id' | 'version'>, token: string, comment?: string) =>
  t.call('quoteManagement/approveQuote', { id: quote.id, version: quote.version, comment }, token);
const reject = (quote: Pick<TQuote, 'id' | 'version'>, token: string, comment: string) =>
  t.call('quoteManagement/rejectQuote', { id: quote.id, version: quote.version, comment }, token);
const placeOrder = (quote: Pick<TQuote, 'id' | 'version'>, token: string) =>
  t.call('quoteManagement/placeOrder', { id: quote.id, version: quote.version, poNumber: 'PO-7' }, token);

/** Gives a line (by its place on the quote) a discount as the Lines tab does, as the quote's owner. */
async function setDiscount(quoteId: number, lineIndex: number, percent: string, token: string) {
  const lines = await t.deps.db.select().from(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  const line = lines.sort((x, y) => x.id - y.id)[lineIndex]!;
  return resultOf<{ approvalNotice?: string }>(
    await t.call('quoteManagement/updateLine', { id: line.id, input: { discountPercent: percent } }, token),
  );
}

const mailsTo = async (subject: string) =>
  (await t.deps.db.select().from(mailOutbox)).filter((mail) => mail.subject === subject).flatMap((mail) => mail.to);

beforeAll(async () => {
  t = await createTestApp();
  calls = quoteCalls(t);
});
afterAll(() => t.close());

describe('approvalManagement rules', () => {
  it('creates, lists, updates (409 when stale) and deletes a rule of the caller’s platform, audited', async () => {
    const { a } = await bed();
    const rule = await createRule(a.token[5], {
      name: 'Manager',
      metric: 'lineDiscount',
      threshold: '10',
      approverLevel: 5,
    });
    expect(rule).toMatchObject({ name: 'Manager', step: 1, operator: 'gt', threshold: '10.0000', pid: a.pid });
    const listed = resultOf<{ rows: TApprovalRule[] }>(
      await t.call('approvalManagement/getApprovalRules', {}, a.token[5]),
    );
    expect(listed.rows.map((row) => row.id)).toEqual([rule.id]);
    const theirs = resultOf<{ rows: TApprovalRule[] }>(
      await t.call('approvalManagement/getApprovalRules', {}, a.otherAdmin),
    );
    expect(theirs.rows.map((row) => row.id)).not.toContain(rule.id);
    const update = (version: number) =>
      t.call('approvalManagement/updateApprovalRule', { id: rule.id, version, input: { threshold: '15' } }, a.token[5]);
    expect(resultOf<TApprovalRule>(await update(1))).toMatchObject({ threshold: '15.0000', version: 2 });
    expectFailure(await update(1), 'CONFLICT', undefined, 409);
    expectFailure(
      await t.call('approvalManagement/deleteApprovalRule', { id: rule.id }, a.otherAdmin),
      'NOT_FOUND',
      undefined,
      404,
    );
    resultOf(await t.call('approvalManagement/deleteApprovalRule', { id: rule.id }, a.token[5]));
    const trail = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'approvalRule'), eq(auditEvents.entityId, String(rule.id))));
    expect(trail.map((event) => event.action).sort()).toEqual([
      'approvalRule.created',
      'approvalRule.deleted',
      'approvalRule.updated',
    ]);
  });

  it('refuses a rule without approver, a product rule without product, and another platform’s user', async () => {
    const { a } = await bed();
    const call = (input: Record<string, unknown>) =>
      t.call('approvalManagement/createApprovalRule', { input }, a.token[5]);
    expectFieldError(
      await call({ name: 'X', metric: 'total', threshold: '1' }),
      'input.approverLevel',
      APPROVAL_MSG.approverRequired,
    );
    expectFieldError(
      await call({ name: 'X', metric: 'product', approverLevel: 5 }),
      'input.productId',
      APPROVAL_MSG.productRequired,
    );
    expectFieldError(
      await call({ name: 'X', metric: 'margin', approverLevel: 5 }),
      'input.threshold',
      APPROVAL_MSG.thresholdRequired,
    );
    const other = await signedInUser(t.deps.db, t.deps.config.tokenSecret, { roleLevel: 5, pid: a.otherPid });
    expectFieldError(
      await call({ name: 'X', metric: 'total', threshold: '1', approverUserIds: [other.user.id] }),
      'input.approverUserIds',
      APPROVAL_MSG.approverUserNotFound,
    );
  });

  it('is for administrators (level 5 and up)', async () => {
    const { a } = await bed();
    await expectAccess(t, a, 'approvalManagement/getApprovalRules', {}, 5);
    await expectAccess(t, a, 'approvalManagement/deleteApprovalRule', { id: 2_000_000 }, 5);
    await expectAccess(t, a, 'quoteManagement/getApprovalsWaiting', {}, 1);
  });
});

describe('quote approval', () => {
  it('explains the steps of a 40% line discount, refuses the order (409 naming them), chains two steps to approval', async () => {
    const { a, productId } = await bed();
    await createRule(a.token[5], { name: 'Manager', metric: 'lineDiscount', threshold: '10', approverLevel: 5 });
    await createRule(a.token[5], {
      name: 'Director',
      step: 2,
      metric: 'lineDiscount',
      threshold: '30',
      approverLevel: 9,
    });
    let quote = await calls.orderableQuote(productId, a.token[1]);
    await setDiscount(quote.id, 1, '40', a.token[1]);
    quote = await calls.getQuote(quote.id, a.token[1]);

    const needed = await approvalOf(quote.id, a.token[1]);
    expect(needed.state).toBe('needed');
    expect(needed.steps.map((step) => [step.name, step.status, step.hint])).toEqual([
      ['Manager', 'pending', 'line 2: 40% -> 10% removes the Manager step'],
      ['Director', 'pending', 'line 2: 40% -> 30% removes the Director step'],
    ]);
    expect(needed.steps[0]?.rules).toEqual(['Manager: a line discount > 10%']);
    expectFailure(await placeOrder(quote, a.token[1]), 'CONFLICT', msgApprovalRequired(['Manager', 'Director']), 409);

    const submitted = resultOf<TQuoteApproval>(await submit(quote, a.token[1]));
    expect(submitted).toMatchObject({ state: 'submitted', submittedBy: a.username[1], canDecide: false });
    expect(submitted.steps.map((step) => step.status)).toEqual(['waiting', 'pending']);
    expect(await mailsTo(`Quote #${quote.id} waits for your approval`)).toEqual(
      expect.arrayContaining([a.username[5]]),
    );
    expectFailure(await submit(quote, a.token[1]), 'CONFLICT', APPROVAL_MSG.alreadySubmitted, 409);
    expectFailure(await placeOrder(quote, a.token[1]), 'CONFLICT', undefined, 409);
    // A sales user is not an approver; the director's step is not the admin's.
    expectFailure(await approve(quote, a.token[1]), 'FORBIDDEN', APPROVAL_MSG.ownQuote, 403);

    const first = resultOf<TQuoteApproval>(await approve(quote, a.token[5], 'Fine by me'));
    expect(first.state).toBe('submitted');
    expect(first.steps.map((step) => step.status)).toEqual(['approved', 'waiting']);
    expect(first.steps[0]?.actions).toMatchObject([
      { decision: 'approved', username: a.username[5], comment: 'Fine by me' },
    ]);
    expectFailure(await approve(quote, a.token[5]), 'FORBIDDEN', APPROVAL_MSG.notYourStep, 403);
    // A screen still showing step 1 waiting does not decide step 2.
    const stale = { id: quote.id, version: quote.version, step: 1 };
    expectFailure(await t.call('quoteManagement/approveQuote', stale, a.token[9]), 'CONFLICT', undefined, 409);

    const done = resultOf<TQuoteApproval>(await approve(quote, a.token[9]));
    expect(done.state).toBe('approved');
    expect(await mailsTo(`Quote #${quote.id} is approved`)).toEqual([a.username[1]]);
    quote = await calls.getQuote(quote.id, a.token[1]);
    expect(resultOf<TQuote>(await placeOrder(quote, a.token[1])).type).toBe(2);
  });

  it('refuses a card payment before approval (409), before anything is charged', async () => {
    const { a, productId } = await bed();
    await createRule(a.token[5], { name: 'Big deal', metric: 'total', threshold: '100', approverLevel: 5 });
    const { db, config } = t.deps;
    const buyer = (await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid, checkoutType: 'stripe' }))
      .token;
    const quote = await calls.orderableQuote(productId, buyer);
    const body = {
      amount: toCents(quote.totalCost ?? '0'),
      id: 'pm_card_visa',
      quoteId: quote.id,
      version: quote.version,
    };
    expectFailure(
      await t.call('paymentManagement/payment', body, buyer),
      'CONFLICT',
      msgApprovalRequired(['Big deal']),
      409,
    );
  });

  it('rejects with a comment (required), mails the owner, and takes a new request', async () => {
    const { a, productId } = await bed();
    await createRule(a.token[5], { name: 'Big deal', metric: 'total', threshold: '150', approverLevel: 5 });
    const quote = await calls.orderableQuote(productId, a.token[1]);
    resultOf(await submit(quote, a.token[1]));
    expectFieldError(await reject(quote, a.token[5], ' '), 'comment', APPROVAL_MSG.commentRequired);
    const rejected = resultOf<TQuoteApproval>(await reject(quote, a.token[5], 'Too cheap for this customer'));
    expect(rejected.state).toBe('rejected');
    expect(rejected.steps[0]).toMatchObject({
      status: 'rejected',
      actions: [{ comment: 'Too cheap for this customer' }],
    });
    expect(rejected.steps[0]?.hint).toBe('total: $200.00 -> $150.00 removes the Big deal step');
    expect(await mailsTo(`Quote #${quote.id} was rejected`)).toEqual([a.username[1]]);
    expectFailure(await placeOrder(quote, a.token[1]), 'CONFLICT', undefined, 409);
    expect(resultOf<TQuoteApproval>(await submit(quote, a.token[1])).state).toBe('submitted');
  });

  it('keeps an approval through a comment and a contact change, withdraws it with a message on a quantity change', async () => {
    const { a, productId } = await bed();
    await createRule(a.token[5], { name: 'Big deal', metric: 'total', threshold: '150', approverLevel: 5 });
    let quote = await calls.orderableQuote(productId, a.token[1]);
    resultOf(await submit(quote, a.token[1]));
    resultOf(await approve(quote, a.token[5]));

    const comment = { comment: 'Customer called', username: a.username[1], quoteId: quote.id };
    resultOf(await t.call('quoteManagement/createCommunication', { input: comment }, a.token[1]));
    quote = await calls.getQuote(quote.id, a.token[1]);
    const contact = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@buyer.example' };
    resultOf(
      await t.call('quoteManagement/updateQuote', { id: quote.id, version: quote.version, input: contact }, a.token[1]),
    );
    expect((await approvalOf(quote.id, a.token[1])).state).toBe('approved');

    const [line] = (await t.deps.db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id))).sort(
      (x, y) => x.id - y.id,
    );
    const changed = resultOf<{ approvalNotice?: string }>(
      await t.call('quoteManagement/updateLine', { id: line!.id, input: { quantity: 3 } }, a.token[1]),
    );
    expect(changed.approvalNotice).toBe(msgApprovalWithdrawn(true));
    const after = await approvalOf(quote.id, a.token[1]);
    expect(after).toMatchObject({ state: 'needed', withdrawnMessage: msgApprovalWithdrawn(true) });
    const withdrawn = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'quoteApproval.withdrawn'));
    expect(withdrawn.some((event) => (event.data as { quoteId?: number }).quoteId === quote.id)).toBe(true);
    quote = await calls.getQuote(quote.id, a.token[1]);
    expectFailure(await placeOrder(quote, a.token[1]), 'CONFLICT', undefined, 409);
  });

  it('withdraws a request when a line or the quote discount changes, and keeps it through an equal write', async () => {
    const { a, productId } = await bed();
    await createRule(a.token[5], { name: 'Manager', metric: 'lineDiscount', threshold: '10', approverLevel: 5 });
    await createRule(a.token[5], { name: 'Deal desk', metric: 'quoteDiscount', threshold: '5', approverLevel: 5 });
    let quote = await calls.orderableQuote(productId, a.token[1]);
    expect((await setDiscount(quote.id, 0, '20', a.token[1])).approvalNotice).toBeUndefined();
    quote = await calls.getQuote(quote.id, a.token[1]);
    resultOf(await submit(quote, a.token[1]));
    // The same discount again changes nothing the rules read.
    expect((await setDiscount(quote.id, 0, '20', a.token[1])).approvalNotice).toBeUndefined();
    expect((await approvalOf(quote.id, a.token[1])).state).toBe('submitted');
    quote = await calls.getQuote(quote.id, a.token[1]);
    const discounted = await t.call(
      'quoteManagement/updateQuote',
      { id: quote.id, version: quote.version, input: { discountPercent: '8' } },
      a.token[1],
    );
    resultOf(discounted);
    const after = await approvalOf(quote.id, a.token[1]);
    expect(after).toMatchObject({ state: 'needed', withdrawnMessage: msgApprovalWithdrawn(false) });
    expect(after.steps.map((step) => step.hint)).toEqual([
      'quote discount: 8% -> 5%, line 1: 20% -> 10% removes the Deal desk / Manager step',
    ]);
  });

  it('mails named approvers only, lets a stand-in of their level decide, and lists waiting quotes per approver', async () => {
    const { a, productId, admin2 } = await bed();
    await createRule(a.token[5], { name: 'Key account', metric: 'product', productId, approverUserIds: [admin2.id] });
    const quote = await calls.orderableQuote(productId, a.token[1]);
    const submitted = resultOf<TQuoteApproval>(await submit(quote, a.token[1]));
    expect(submitted.steps[0]?.approvers).toBe(`${admin2.username} (or anyone of role level 5 or higher)`);
    expect(submitted.steps[0]?.hint).toContain('line 1: remove');
    expect(await mailsTo(`Quote #${quote.id} waits for your approval`)).toEqual([admin2.username]);

    const waiting = async (token: string) =>
      resultOf<{ rows: TApprovalWaiting[] }>(await t.call('quoteManagement/getApprovalsWaiting', {}, token)).rows.map(
        (row) => row.quoteId,
      );
    expect(await waiting(admin2.token)).toEqual([quote.id]);
    expect(await waiting(a.token[5])).toEqual([quote.id]);
    expect(await waiting(a.token[1])).toEqual([]);
    expect(await waiting(a.otherAdmin)).toEqual([]);
    expect((await approvalOf(quote.id, a.token[5])).canDecide).toBe(true);
    expectFailure(await approve(quote, a.otherAdmin), 'NOT_FOUND', undefined, 404);

    // The named approver is away: another administrator of the same level stands in.
    expect(resultOf<TQuoteApproval>(await approve(quote, a.token[5])).state).toBe('approved');
    expect(await waiting(admin2.token)).toEqual([]);
  });

  it('needs no approval when no rule is met, and says so on submit', async () => {
    const { a, productId } = await bed();
    await createRule(a.token[5], { name: 'Huge', metric: 'total', threshold: '100000', approverLevel: 5 });
    const quote = await calls.orderableQuote(productId, a.token[1]);
    expect((await approvalOf(quote.id, a.token[1])).state).toBe('notNeeded');
    expectFailure(await submit(quote, a.token[1]), 'CONFLICT', APPROVAL_MSG.notNeeded, 409);
    expectFailure(await t.call('quoteManagement/getQuoteApproval', { id: quote.id }, a.otherAdmin), 'NOT_FOUND');
  });

  it('says whether the platform has rules, so a quote needing none shows it was checked', async () => {
    const { a, productId } = await bed();
    const quote = await calls.orderableQuote(productId, a.token[1]);
    expect(await approvalOf(quote.id, a.token[1])).toMatchObject({ state: 'notNeeded', hasRules: false });
    await createRule(a.token[5], { name: 'Huge', metric: 'total', threshold: '100000', approverLevel: 5 });
    expect(await approvalOf(quote.id, a.token[1])).toMatchObject({ state: 'notNeeded', hasRules: true });
  });

  it('spends the submitter’s mail budget on approver mails; past it the request stands, unmailed and audited', async () => {
    const { a, productId, admin2 } = await bed();
    await createRule(a.token[5], { name: 'Key account', metric: 'product', productId, approverUserIds: [admin2.id] });
    const { db, config } = t.deps;
    const rep = await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid });
    const spare = await calls.orderableQuote(productId, rep.token);
    const quote = await calls.orderableQuote(productId, rep.token);
    // One mail left: the first request spends it, the second finds the budget spent.
    await spendMailBudget(t.deps, { userId: rep.user.id, pid: a.pid }, config.mailLimits.perUser - 1);
    resultOf(await submit(spare, rep.token));
    expect(await mailsTo(`Quote #${spare.id} waits for your approval`)).toEqual([admin2.username]);
    expect(resultOf<TQuoteApproval>(await submit(quote, rep.token)).state).toBe('submitted');
    expect(await mailsTo(`Quote #${quote.id} waits for your approval`)).toEqual([]);
    const withheld = (await db.select().from(auditEvents).where(eq(auditEvents.action, 'mail.withheld'))).filter(
      (event) => (event.data as { quoteId?: number }).quoteId === quote.id,
    );
    expect(withheld.map((event) => event.data)).toEqual([{ quoteId: quote.id, step: 1, limit: 'user', recipients: 1 }]);
  });
});

describe('quoteManagement/getMyApprovals', () => {
  it('answers whether the caller approves a rule (by level or by name) and how many quotes wait for them', async () => {
    const { a, productId, admin2 } = await bed();
    const mine = async (token: string) =>
      resultOf<TMyApprovals>(await t.call('quoteManagement/getMyApprovals', {}, token));
    const { db, config } = t.deps;
    const named = await signedInUser(db, config.tokenSecret, { roleLevel: 1, pid: a.pid });
    expect(await mine(named.token)).toEqual({ isApprover: false, waiting: 0 });
    expect(await mine(a.token[5])).toEqual({ isApprover: false, waiting: 0 });
    await createRule(a.token[5], {
      name: 'Key account',
      metric: 'product',
      productId,
      approverUserIds: [named.user.id],
    });
    await createRule(a.token[5], {
      name: 'Director',
      step: 2,
      metric: 'total',
      threshold: '1000000',
      approverLevel: 9,
    });
    expect(await mine(named.token)).toEqual({ isApprover: true, waiting: 0 });
    expect(await mine(a.token[1])).toEqual({ isApprover: false, waiting: 0 });
    // Level 9 approves the director's step (and sees every platform's waiting quotes, as on the list).
    expect((await mine(a.token[9])).isApprover).toBe(true);
    const quote = await calls.orderableQuote(productId, a.token[1]);
    resultOf(await submit(quote, a.token[1]));
    expect(await mine(named.token)).toEqual({ isApprover: true, waiting: 1 });
    // A stand-in of the named user's level or higher approves too, so the quote waits for them.
    expect(await mine(admin2.token)).toEqual({ isApprover: true, waiting: 1 });
    expect(await mine(a.otherAdmin)).toEqual({ isApprover: false, waiting: 0 });
  });

  it('is for signed-in users of level 1 and up', async () => {
    const { a } = await bed();
    await expectAccess(t, a, 'quoteManagement/getMyApprovals', {}, 1);
  });
});
