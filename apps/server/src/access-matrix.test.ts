import { randomUUID } from 'node:crypto';
import { API_PREFIX, ROUTES, type TAccess, type TRoutePath } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotes } from './db/schema';
import { createConfigurableProduct, demoModel } from './modules/configurator/configurator.test-support';
import { resultOf } from './testing/expect-api';
import { createPlatform, createUser, tokenFor } from './testing/factories';
import { createTestApp, type TTestApp } from './testing/test-app';

type TLevel = 0 | 1 | 5 | 9;
type TCaller = { id: number; username: string; pid: string } | null;
type TSample = (caller: TCaller) => unknown;

const LEVELS: TLevel[] = [0, 1, 5, 9];
const unique = () => randomUUID().slice(0, 8);
const NO_ONE = 999_999;

/**
 * Request bodies that pass each route's schema, so the matrix reaches the access check (the body is parsed first).
 * Routes not listed use the first generic body below that their schema accepts; a route with neither fails the
 * "has a body" test, naming the route to add here.
 */
const SAMPLES: Partial<Record<TRoutePath, TSample>> = {
  'auth/login': () => ({ username: `nobody-${unique()}@matrix.example`, password: 'Wrong#Pass1' }),
  'auth/authorize': () => ({ username: 'nobody@matrix.example', token: '123 456', secret: 'not-a-ticket' }),
  'auth/confirmMailbox': () => ({ username: 'nobody@matrix.example', code: '123 456', secret: 'not-a-ticket' }),
  'auth/forgotPassword': () => ({ username: `nobody-${unique()}@matrix.example` }),
  'userManagement/getUser': (caller) => ({ username: caller?.username ?? 'nobody@matrix.example' }),
  'userManagement/createUser': () => ({ input: { username: `new-${unique()}@matrix.example` } }),
  // Signed out, updateUser is a password reset; signed in, an edit of oneself.
  'userManagement/updateUser': (caller) =>
    caller
      ? { id: caller.id, input: { firstName: 'Matrix' } }
      : { id: NO_ONE, input: { password: 'Matrix#Pass1', resetId: 'not-a-reset' } },
  'userManagement/deleteUsers': () => ({ users: [{ id: NO_ONE, username: 'nobody@matrix.example' }] }),
  'userManagement/getPasswordResetRequest': () => ({ passwordResetRequestId: 'not-a-reset' }),
  'administration/emailNewUserPassword': () => ({ username: 'nobody@matrix.example' }),
  'roleManagement/createRole': () => ({ input: { name: `Matrix ${unique()}`, roleLevel: 1 } }),
  'platformManagement/createPlatform': () => ({
    input: { id: `m-${unique()}`, name: 'Matrix', emailAddresses: 'ops@matrix.example' },
  }),
  'platformManagement/updatePlatform': (caller) => ({ id: caller?.pid ?? 'default', input: {} }),
  'productManagement/createProduct': () => ({
    input: { Name: 'Matrix', ProductNumber: `M-${unique()}`, isNonConfigurable: true },
  }),
  'productManagement/saveModel': () => ({ productId: NO_ONE, model: {} }),
  'productManagement/getModelDraft': () => ({ productId: NO_ONE }),
  'productManagement/saveModelDraft': () => ({ productId: NO_ONE, version: 0, model: {} }),
  'productManagement/getModelVersions': () => ({ productId: NO_ONE }),
  'productManagement/publishModel': () => ({ productId: NO_ONE, version: 1 }),
  'configurator/startPreview': () => ({ productId: NO_ONE, configurationId: randomUUID() }),
  'productManagement/checkModel': () => ({ model: {}, productId: NO_ONE }),
  'productManagement/diffModels': () => ({ from: NO_ONE, to: NO_ONE }),
  'statusTypesMgmt/createStatusType': () => ({ input: { name: `Matrix ${unique()}`, roleLevel: 0 } }),
  'customerManagement/createCustomer': () => ({ input: { erpId: `M-${unique()}` } }),
  'priceListManagement/createPriceList': () => ({ input: { name: `Matrix ${unique()}` } }),
  'priceListManagement/updatePriceList': () => ({ id: NO_ONE, version: 1, input: {} }),
  'priceListManagement/getPricedValues': () => ({ productId: NO_ONE }),
  'approvalManagement/createApprovalRule': () => ({
    input: { name: `Matrix ${unique()}`, metric: 'total', threshold: '1000', approverLevel: 5 },
  }),
  'approvalManagement/updateApprovalRule': () => ({ id: NO_ONE, version: 1, input: {} }),
  'quoteManagement/submitForApproval': () => ({ id: NO_ONE, version: 1 }),
  'quoteManagement/approveQuote': () => ({ id: NO_ONE, version: 1, comment: 'Matrix' }),
  'quoteManagement/rejectQuote': () => ({ id: NO_ONE, version: 1, comment: 'Matrix' }),
  'addressManagement/createAddress': () => ({
    input: { Address: '1 Main St', City: 'Austin', State: 'TX', Zip: '78701', AddressType: 1 },
  }),
  'configurator/start': () => ({ configurationId: randomUUID(), productId: NO_ONE }),
  'configurator/configure': () => ({ sessionId: randomUUID(), id: 'frame', value: 'steel' }),
  'configurator/explain': () => ({ sessionId: randomUUID(), id: 'frame', value: 'steel' }),
  'configurator/finish': () => ({ sessionId: randomUUID() }),
  'configurator/createVisitor': () => ({ email: `visitor-${unique()}@matrix.example` }),
  'quoteManagement/createQuote': () => ({ input: { _id: randomUUID() } }),
  'quoteManagement/createLine': () => ({ input: { _id: randomUUID(), quoteId: NO_ONE, productId: NO_ONE } }),
  'quoteManagement/getCurrentPrintedDocument': () => ({ quoteId: NO_ONE }),
  'quoteManagement/getPricingDoc': () => ({ lineId: NO_ONE }),
  'quoteManagement/getSOWriteUpDocumentLink': () => ({ quoteId: NO_ONE }),
  'quoteManagement/getQuoteDocuments': () => ({ quoteId: NO_ONE }),
  'quoteManagement/downloadFile': () => ({
    path: 'no-such-file.pdf',
    originalName: 'x.pdf',
    mimetype: 'application/pdf',
  }),
  'quoteManagement/updateQuote': () => ({ id: NO_ONE, version: 1, input: { name: 'Matrix' } }),
  'quoteManagement/copyQuote': () => ({ id: NO_ONE, _id: randomUUID() }),
  'quoteManagement/lockQuote': () => ({ id: NO_ONE, version: 1 }),
  'quoteManagement/unlockQuote': () => ({ id: NO_ONE, version: 1 }),
  'quoteManagement/takeQuoteRequest': () => ({ id: NO_ONE }),
  'quoteManagement/convertQuoteRequest': () => ({ id: NO_ONE, version: 1 }),
  'quoteManagement/getLines': () => ({ quoteId: NO_ONE }),
  'quoteManagement/updateLine': () => ({ id: NO_ONE, input: { quantity: 2 } }),
  'quoteManagement/deleteLine': () => ({ id: NO_ONE, quoteId: NO_ONE }),
  'quoteManagement/createCommunication': () => ({ input: { comment: 'Matrix', quoteId: NO_ONE } }),
  'quoteManagement/getCommunications': () => ({ quoteId: NO_ONE }),
  'quoteManagement/shareQuote': () => ({ id: NO_ONE, version: 1, email: 'buyer@matrix.example' }),
  'quoteManagement/setLineOptional': () => ({ id: NO_ONE, lineId: NO_ONE, version: 1, optional: true }),
  'quotePortal/getQuote': () => ({ token: 'M'.repeat(43) }),
  'quotePortal/chooseLines': () => ({ token: 'M'.repeat(43), lines: [{ id: NO_ONE, selected: false }] }),
  'quotePortal/addComment': () => ({ token: 'M'.repeat(43), comment: 'Matrix' }),
  'quotePortal/requestCurrent': () => ({ token: 'M'.repeat(43) }),
  'quoteManagement/getQuoteContact': () => ({ quoteId: NO_ONE }),
  'quoteManagement/findQuoteCustomers': () => ({ quoteId: NO_ONE, search: 'Matrix' }),
  'quoteManagement/setQuoteCustomer': () => ({ quoteId: NO_ONE, customerId: null, version: 1 }),
  'quoteManagement/placeOrder': () => ({ id: NO_ONE, version: 1, poNumber: 'PO-MATRIX' }),
  'quoteManagement/setOrderStatus': () => ({ id: NO_ONE, statusTypeId: null }),
  'quoteManagement/sendOrderStatusEmails': () => matrixMail(['nobody@matrix.example']),
  'administration/sendEmail': () => matrixMail(['nobody@matrix.example']),
  'paymentManagement/payment': () => ({ amount: 100, id: 'pm_card_visa', quoteId: NO_ONE, version: 1 }),
  'quotePortal/accept': () => ({
    token: 'M'.repeat(43),
    viewHash: '0'.repeat(64),
    signerName: 'Matrix Signer',
    signerTitle: 'Buyer',
    signature: { kind: 'typed', text: 'Matrix Signer' },
    consent: true,
    payment: { method: 'po', poNumber: 'PO-MATRIX' },
  }),
  'quoteManagement/createRMAs': () => ({
    data: { quoteId: NO_ONE, lines: [{ lineId: NO_ONE, reason: 'Matrix', quantity: 1 }] },
  }),
  'quoteManagement/getRMAs': () => ({ quoteId: NO_ONE }),
  'quoteManagement/createQuoteInitiatedFromSalesforce': () => ({
    salesPortalQuoteDTO: { existingQuote: 'true', quoteId: String(NO_ONE) },
  }),
  'quoteManagement/salesforceCreateQuote': () => ({ opportunityId: 'OPP-MATRIX', opportunityName: 'Matrix' }),
  'quoteManagement/salesforceUpdateQuote': () => ({ salesforceQuoteId: 'Q-MATRIX', swiftSellQuoteId: NO_ONE }),
  'quoteManagement/updateSalesforceQuoteNumber': () => ({ sfQuoteNumber: 'Q-MATRIX', quoteId: NO_ONE }),
  'quoteManagement/salesforceGetQuoteNumber': () => ({ quoteId: NO_ONE }),
  'quoteManagement/updateSolidfitLinePricing': () => ({
    quoteGenConfigId: 'QG-MATRIX',
    quoteId: NO_ONE,
    lines: [{ id: NO_ONE }],
  }),
};

function matrixMail(emails: string[]) {
  return { emails, subject: 'Matrix', htmlBody: '<p>Matrix</p>' };
}

const GENERIC_BODIES: unknown[] = [
  {},
  { id: NO_ONE },
  { id: NO_ONE, input: {} },
  { id: 'no-such-record' },
  { id: 'no-such-record', input: {} },
];

function bodyFor(path: TRoutePath, caller: TCaller): unknown {
  const sample = SAMPLES[path];
  if (sample) return sample(caller);
  return GENERIC_BODIES.find((body) => ROUTES[path].request.safeParse(body).success);
}

const minLevelOf = (access: TAccess): number | null =>
  access === 'public' ? null : access === 'signedIn' ? 0 : access.minLevel;

let t: TTestApp;
let ipCounter = 0;
const callers = {} as Record<TLevel, { id: number; username: string; pid: string }>;

/** Calls from a fresh client address each time, so per-IP sign-in limits never decide an answer. */
function call(path: TRoutePath, body: unknown, token?: string): Promise<LightMyRequestResponse> {
  ipCounter += 1;
  const headers: Record<string, string> = { 'x-forwarded-for': `10.99.${ipCounter >> 8}.${ipCounter & 255}` };
  if (token) headers.authorization = `Bearer ${token}`;
  return t.app.inject({ method: 'POST', url: `${API_PREFIX}/${path}`, headers, payload: body as object });
}

/** A fresh session per call: auth/logout revokes the token it is called with. */
const freshToken = (level: TLevel) => tokenFor(t.database.db, t.deps.config.tokenSecret, callers[level]);

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const pid = (await createPlatform(t.database.db)).id;
  for (const level of LEVELS) {
    const { user } = await createUser(t.database.db, { roleLevel: level, pid });
    callers[level] = { id: user.id, username: user.username, pid };
  }
});
afterAll(() => t.close());

const paths = Object.keys(ROUTES) as TRoutePath[];

describe('access matrix: every route x no token and levels 0, 1, 5, 9', () => {
  it.each(paths)('%s has a body its schema accepts', (path) => {
    for (const caller of [null, callers[0]]) {
      const body = bodyFor(path, caller);
      const parsed = ROUTES[path].request.safeParse(body);
      expect(parsed.success, `add a sample body for ${path} to SAMPLES in access-matrix.test.ts`).toBe(true);
    }
  });

  it.each(paths)('%s: 401 without a token unless public; 403 exactly below its level', async (path) => {
    // Public routes may still refuse bad credentials or tickets (401 of their own); they never answer FORBIDDEN
    // for want of a level, and a signed-in caller at or above a route's level is never turned away by access.
    const minLevel = minLevelOf(ROUTES[path].access);
    const anonymous = await call(path, bodyFor(path, null));
    expect(anonymous.statusCode, `${path} without a token: ${anonymous.body}`).toBeLessThan(500);
    if (minLevel === null) expect(anonymous.json().code, anonymous.body).not.toBe('FORBIDDEN');
    else expect([anonymous.statusCode, anonymous.json().code], anonymous.body).toEqual([401, 'UNAUTHENTICATED']);

    for (const level of LEVELS) {
      const response = await call(path, bodyFor(path, callers[level]), await freshToken(level));
      const where = `${path} at level ${level}: ${response.body}`;
      expect(response.statusCode, where).toBeLessThan(500);
      if (minLevel !== null && level < minLevel) {
        expect([response.statusCode, response.json().code], where).toEqual([403, 'FORBIDDEN']);
      } else {
        expect(response.json().code, where).not.toBe('FORBIDDEN');
        if (minLevel !== null) expect(response.json().code, where).not.toBe('UNAUTHENTICATED');
      }
    }
  });
});

describe("access matrix: an administrator of platform A and platform B's records", () => {
  let adminA: string;
  let superA: string;
  let userB: { id: number; username: string };
  let quoteB: number;
  let orderB: number;
  /** A visitor's quote request on platform B. */
  let requestB: number;
  let fixedProductB: number;
  let bicycleB: { id: number; modelId: number };
  const configurationB = randomUUID();
  const pidA = `a-${unique()}`;
  const pidB = `b-${unique()}`;

  beforeAll(async () => {
    const db = t.database.db;
    const secret = t.deps.config.tokenSecret;
    adminA = await tokenFor(db, secret, (await createUser(db, { roleLevel: 5, pid: pidA })).user);
    superA = await tokenFor(db, secret, (await createUser(db, { roleLevel: 9, pid: pidA })).user);
    userB = (await createUser(db, { roleLevel: 1, pid: pidB })).user;
    // Platform B's own records: a quote and a configuration of its user, and a fixed-price product.
    const adminB = await tokenFor(db, secret, (await createUser(db, { roleLevel: 5, pid: pidB })).user);
    const tokenB = await tokenFor(db, secret, userB);
    const bicycle = await createConfigurableProduct(t, adminB, demoModel('bicycle'));
    bicycleB = { id: bicycle.ID, modelId: Number(bicycle.modelId) };
    resultOf(await call('configurator/start', { configurationId: configurationB, productId: bicycle.ID }, tokenB));
    quoteB = resultOf<{ id: number }>(
      await call('quoteManagement/createQuote', { input: { _id: randomUUID() } }, tokenB),
    ).id;
    orderB = resultOf<{ id: number }>(
      await call('quoteManagement/createQuote', { input: { _id: randomUUID() } }, tokenB),
    ).id;
    await db.update(quotes).set({ type: 2 }).where(eq(quotes.id, orderB));
    const visitorB = await tokenFor(db, secret, (await createUser(db, { roleLevel: 0, pid: pidB })).user);
    requestB = resultOf<{ id: number }>(
      await call('quoteManagement/createQuote', { input: { _id: randomUUID() } }, visitorB),
    ).id;
    const fixed = { Name: 'Fixed', ProductNumber: `F-${unique()}`, isNonConfigurable: true, defaultPrice: '5' };
    fixedProductB = resultOf<{ ID: number }>(
      await call('productManagement/createProduct', { input: fixed }, adminB),
    ).ID;
  });

  const touches: [TRoutePath, () => unknown][] = [
    ['userManagement/getUser', () => ({ username: userB.username })],
    ['userManagement/resetMfaEnrollment', () => ({ id: userB.id })],
    ['userManagement/updateUser', () => ({ id: userB.id, input: { firstName: 'Taken' } })],
    ['userManagement/deleteUser', () => ({ id: userB.id })],
    ['userManagement/deleteUsers', () => ({ users: [{ id: userB.id, username: userB.username }] })],
    ['platformManagement/getPlatform', () => ({ id: pidB })],
    ['platformManagement/updatePlatform', () => ({ id: pidB, input: { name: 'Taken' } })],
    ['quoteManagement/getQuote', () => ({ id: quoteB })],
    ['quoteManagement/getQuoteById', () => ({ id: quoteB })],
    ['quoteManagement/getQuote', () => ({ id: requestB })],
    ['quoteManagement/getLines', () => ({ quoteId: requestB })],
    ['quoteManagement/createLine', () => ({ input: { _id: randomUUID(), quoteId: quoteB, productId: fixedProductB } })],
    ['quoteManagement/getCurrentPrintedDocument', () => ({ quoteId: quoteB })],
    ['quoteManagement/getSOWriteUpDocumentLink', () => ({ quoteId: quoteB })],
    ['quoteManagement/getQuoteDocuments', () => ({ quoteId: quoteB })],
    ['quoteManagement/getLines', () => ({ quoteId: quoteB })],
    ['quoteManagement/copyQuote', () => ({ id: quoteB, _id: randomUUID() })],
    ['quoteManagement/getCommunications', () => ({ quoteId: quoteB })],
    ['quoteManagement/getQuoteShares', () => ({ id: quoteB })],
    ['quoteManagement/createCommunication', () => ({ input: { comment: 'Seen', quoteId: quoteB } })],
    ['quoteManagement/getQuoteContact', () => ({ quoteId: quoteB })],
    ['quoteManagement/findQuoteCustomers', () => ({ quoteId: quoteB })],
    ['quoteManagement/getQuotes', () => ({ username: userB.username })],
    ['quoteManagement/setOrderStatus', () => ({ id: orderB, statusTypeId: null })],
    ['productManagement/checkModel', () => ({ model: demoModel('bicycle'), productId: bicycleB.id })],
    ['productManagement/diffModels', () => ({ from: bicycleB.modelId, to: bicycleB.modelId })],
    ['configurator/start', () => ({ configurationId: configurationB })],
    ['productManagement/getModelDraft', () => ({ productId: bicycleB.id })],
    ['productManagement/getModelVersions', () => ({ productId: bicycleB.id })],
    ['configurator/configure', () => ({ sessionId: configurationB, id: 'frame', value: 'alu' })],
    ['configurator/explain', () => ({ sessionId: configurationB, id: 'frame', value: 'steel' })],
  ];

  it.each(touches)('%s answers NOT_FOUND, and works for level 9', async (path, body) => {
    const response = await call(path, body(), adminA);
    expect([response.statusCode, response.json().code], response.body).toEqual([404, 'NOT_FOUND']);
    if (path === 'userManagement/deleteUser' || path === 'userManagement/deleteUsers') return;
    const asSuper = await call(path, body(), superA);
    expect(asSuper.statusCode, asSuper.body).toBe(200);
  });

  it.each(['quoteManagement/lockQuote', 'quoteManagement/unlockQuote'] as const)(
    '%s answers NOT_FOUND for platform B’s quote, and works for level 9',
    async (path) => {
      const [quote] = await t.database.db.select().from(quotes).where(eq(quotes.id, quoteB));
      const body = { id: quoteB, version: quote?.version ?? 1 };
      const response = await call(path, body, adminA);
      expect([response.statusCode, response.json().code], response.body).toEqual([404, 'NOT_FOUND']);
      const asSuper = await call(path, body, superA);
      expect(asSuper.statusCode, asSuper.body).toBe(200);
    },
  );

  it('a quote request of platform B is not taken nor converted from A (NOT_FOUND); level 9 does both', async () => {
    const version = async () => (await t.database.db.select().from(quotes).where(eq(quotes.id, requestB)))[0]?.version;
    const take = (token: string) => call('quoteManagement/takeQuoteRequest', { id: requestB }, token);
    const convert = async (token: string) =>
      call('quoteManagement/convertQuoteRequest', { id: requestB, version: (await version()) ?? 1 }, token);
    for (const response of [await take(adminA), await convert(adminA)]) {
      expect([response.statusCode, response.json().code], response.body).toEqual([404, 'NOT_FOUND']);
    }
    expect((await take(superA)).statusCode).toBe(200);
    const converted = await convert(superA);
    expect([converted.statusCode, converted.json().result?.type], converted.body).toEqual([200, 1]);
  });

  it.each(['quoteManagement/sendOrderStatusEmails', 'administration/sendEmail'] as const)(
    '%s refuses platform B’s addresses (400 naming them), and sends to them for level 9',
    async (path) => {
      const response = await call(path, matrixMail([userB.username]), adminA);
      expect([response.statusCode, response.json().code], response.body).toEqual([400, 'VALIDATION_FAILED']);
      expect(response.json().details, response.body).toEqual([
        { path: 'emails', message: expect.stringContaining(userB.username) },
      ]);
      const asSuper = await call(path, matrixMail([userB.username]), superA);
      expect(asSuper.statusCode, asSuper.body).toBe(200);
    },
  );

  it('lets level 9 delete the other platform user last', async () => {
    const response = await call('userManagement/deleteUser', { id: userB.id }, superA);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('bodies that are not what a route expects answer 4xx with the envelope, never 500', () => {
  const url = `${API_PREFIX}/userManagement/createUser`;
  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });

  it.each([
    ['malformed JSON', '{"input": {"username": ', 400, 'BAD_REQUEST'],
    ['an empty body', '', 400, 'BAD_REQUEST'],
    ['a JSON array', '[1, 2]', 400, 'VALIDATION_FAILED'],
    ['a JSON string', '"hello"', 400, 'VALIDATION_FAILED'],
    ['wrong types', '{"input": {"username": 42, "firstName": ["x"]}}', 400, 'VALIDATION_FAILED'],
    ['unknown fields', '{"input": {"username": "u@x.example"}, "isAdmin": true}', 400, 'VALIDATION_FAILED'],
    ['nested unknown fields', '{"input": {"username": "u@x.example", "roleLevel": 9}}', 400, 'VALIDATION_FAILED'],
    ['a prototype key', '{"input": {"username": "u@x.example"}, "__proto__": {"x": 1}}', 400, 'BAD_REQUEST'],
  ])('%s', async (_name, payload, status, code) => {
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ success: false, code });
    expect(typeof response.json().error).toBe('string');
  });

  it('names unknown fields in the details', async () => {
    const response = await post('{"input": {"username": "u@x.example", "roleLevel": 9}}');
    expect(response.json().details).toEqual([{ path: 'input', message: 'Unknown field(s): roleLevel' }]);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const payload = JSON.stringify({ input: { username: 'big@x.example', firstName: 'x'.repeat(1024 * 1024 + 10) } });
    const response = await post(payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses bodies that are not JSON with 415', async () => {
    const response = await post('username=u@x.example', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
