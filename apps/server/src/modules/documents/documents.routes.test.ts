import { randomUUID } from 'node:crypto';
import {
  CONFIGURATOR_ID,
  formatDate,
  MSG,
  msgApprovalRequired,
  type TDocumentRevisions,
  type TDownloadLink,
  type TFinishResult,
  type TQuote,
  type TQuoteDocument,
  type TStartResult,
  toCents,
} from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configurations, platforms, quotes } from '../../db/schema';
import { pdfText } from '../../pdf/pdf-text.test-support';
import { expectFailure, resultOf } from '../../testing/expect-api';
import { signedInUser } from '../../testing/factories';
import { createPlatformActors, expectAccess, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import {
  createConfigurableProduct,
  demoModel,
  EXECUTIVE_CHAIR,
  ROAD_BIKE,
  type TDemoModelKey,
} from '../configurator/configurator.test-support';
import { validUntilOf } from './print-data';

let t: TTestApp;
let a: TPlatformActors;
let chairId: number;
let now = new Date('2026-11-24T20:00:00Z');

async function configureAll(sessionId: string, choices: [string, string | number][], token: string): Promise<void> {
  for (const [id, value] of choices) {
    const response = await t.call('configurator/configure', { sessionId, id, value }, token);
    expect(response.statusCode, response.body).toBe(200);
  }
}

/** A new quote of `token`'s user with one configured chair line; answers the quote and line ids. */
async function quoteWithChair(token = a.token[1]): Promise<{ quoteId: number; lineId: number }> {
  const sessionId = randomUUID();
  resultOf(await t.call('configurator/start', { configurationId: sessionId, productId: chairId }, token));
  await configureAll(sessionId, EXECUTIVE_CHAIR, token);
  const finished = resultOf<TFinishResult>(await t.call('configurator/finish', { sessionId }, token));
  if (finished.lineId === null) throw new Error('A chair finish added no line');
  return { quoteId: finished.quoteId, lineId: finished.lineId };
}

const setQuote = (id: number, patch: Partial<typeof quotes.$inferInsert>) =>
  t.database.db.update(quotes).set(patch).where(eq(quotes.id, id));

const getQuote = async (id: number, token = a.token[1]) =>
  resultOf<TQuote>(await t.call('quoteManagement/getQuote', { id }, token));

/** Starts the review (31) or write-up (33) step on a quote, answers it, and finishes it; answers the finish. */
async function finishStep(
  quoteId: number,
  kind: 'quote' | 'order',
  token = a.token[1],
  configurationId = randomUUID(),
) {
  const started = await t.call(
    'configurator/start',
    { configurationId, productId: CONFIGURATOR_ID[kind], quoteId },
    token,
  );
  expect(started.statusCode, started.body).toBe(200);
  const answers: [string, string][] =
    kind === 'quote'
      ? [['leadTime', '2-4 weeks']]
      : [
          ['poNumber', 'PO-555'],
          ['requestedShip', '12/01/2026'],
        ];
  await configureAll(configurationId, answers, token);
  return {
    configurationId,
    started: started.json().result as TStartResult,
    response: await t.call('configurator/finish', { sessionId: configurationId, quoteId }, token),
  };
}

async function linkFor(path: string, token = a.token[1]): Promise<TDownloadLink> {
  return resultOf<TDownloadLink>(await t.call('quoteManagement/downloadFile', { path }, token));
}

const fetchLink = (link: string) => t.app.inject({ method: 'GET', url: link });

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  a = await createPlatformActors(t);
  chairId = (await createConfigurableProduct(t, a.token[5], demoModel('office-chair'))).ID;
});
afterAll(() => t.close());

describe('pricing documents', () => {
  it('a configured line gets a pricing document when its configuration finishes', async () => {
    const { quoteId, lineId } = await quoteWithChair();
    const docs = resultOf<TDocumentRevisions>(await t.call('quoteManagement/getPricingDoc', { lineId }, a.token[1]));
    expect(docs.current).toEqual({
      path: expect.stringMatching(/\.pdf$/),
      originalName: `Quote-${quoteId}-Line1-Pricing-Rev1.pdf`,
      mimetype: 'application/pdf',
    });
    expect(docs.revisions).toHaveLength(1);
    const quote = await getQuote(quoteId);
    expect(quote.lines?.[0]?.PricingDocLink).toBe(docs.current?.path);
    const file = await fetchLink((await linkFor(docs.current?.path ?? '')).link);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(file.rawPayload);
    expect(text).toContain(`Quote #${quoteId}, Line 1`);
    expect(text).toContain('EL-EXECUTIVE-LEATHER-TAN');
  });
});

/** The pricing document's text of a line: the current revision, downloaded. */
async function pricingText(lineId: number, token = a.token[1]): Promise<string> {
  const docs = resultOf<TDocumentRevisions>(await t.call('quoteManagement/getPricingDoc', { lineId }, token));
  return pdfText((await fetchLink((await linkFor(docs.current?.path ?? '', token)).link)).rawPayload);
}

/** The amounts of the Price section, in cents (between its Amount header and the Unit Price total), and that total. */
function itemisedCents(text: string): { items: string[]; cents: number[]; unitCents: number } {
  const lines = text.split('\n');
  const start = lines.indexOf('Amount');
  const end = lines.indexOf('Unit Price', start);
  const section = lines.slice(start + 1, end);
  const isAmount = (entry: string) => /^-?\$[\d,]+\.\d{2}$/.test(entry);
  const cents = section.filter(isAmount).map((entry) => toCents(entry.replace(/[$,]/g, '')));
  return {
    items: section.filter((entry) => !isAmount(entry)),
    cents,
    unitCents: toCents((lines[end + 1] ?? '').replace(/[$,]/g, '')),
  };
}

const STANDARD_DOOR: [string, string | number][] = [
  ['opener', 'standard'],
  ['width', 4000],
  ['height', 3000],
  ['insulation', 'i80'],
  ['windLoad', 'class2'],
];

describe('the pricing document itemises the unit price', () => {
  const cases: { key: TDemoModelKey; choices: [string, string | number][]; quantity?: number; isDealer?: boolean }[] = [
    { key: 'industrial-door', choices: STANDARD_DOOR },
    { key: 'industrial-door', choices: STANDARD_DOOR, quantity: 10 },
    { key: 'bicycle', choices: ROAD_BIKE },
    { key: 'bicycle', choices: ROAD_BIKE, isDealer: true },
    { key: 'office-chair', choices: EXECUTIVE_CHAIR },
    { key: 'office-chair', choices: [...EXECUTIVE_CHAIR, ['Quantity', 60]], isDealer: true },
  ];
  for (const { key, choices, quantity, isDealer } of cases) {
    const how = `${quantity ? ` x ${quantity}` : ''}${isDealer ? ', dealer' : ''}`;
    it(`lists every priced component of a ${key}${how}, adding up exactly to its unit price`, async () => {
      const productId = (await createConfigurableProduct(t, a.token[5], demoModel(key))).ID;
      const quoteId = isDealer ? (await dealerQuote()).id : undefined;
      const sessionId = randomUUID();
      resultOf(await t.call('configurator/start', { configurationId: sessionId, productId, quoteId }, a.token[1]));
      await configureAll(sessionId, choices, a.token[1]);
      const finished = resultOf<TFinishResult>(
        await t.call('configurator/finish', { sessionId, ...(quantity ? { quantity } : {}) }, a.token[1]),
      );
      const line = (await getQuote(finished.quoteId)).lines?.find((entry) => entry.id === finished.lineId);
      const { items, cents, unitCents } = itemisedCents(await pricingText(finished.lineId ?? 0));
      expect(unitCents).toBe(toCents(line?.price ?? 'NaN'));
      expect(cents.length).toBeGreaterThan(1);
      expect(cents.length).toBe(items.length);
      expect(cents.reduce((total, item) => total + item, 0)).toBe(unitCents);
      expect(items).not.toContain('Price adjustment');
      if (isDealer) expect(cents.some((item) => item < 0)).toBe(true);
    });
  }
});

/** A new quote of the sales user whose customer has dealer pricing. */
async function dealerQuote(): Promise<TQuote> {
  const customer = resultOf<{ id: number }>(
    await t.call(
      'customerManagement/createCustomer',
      { input: { erpId: `D-${randomUUID().slice(0, 6)}`, companyName: 'Dealer Ltd', isDealer: true } },
      a.token[5],
    ),
  );
  const quote = resultOf<TQuote>(
    await t.call('quoteManagement/createQuote', { input: { _id: randomUUID() } }, a.token[1]),
  );
  return resultOf<TQuote>(
    await t.call(
      'quoteManagement/setQuoteCustomer',
      { quoteId: quote.id, version: quote.version, customerId: customer.id },
      a.token[1],
    ),
  );
}

describe('the review step (configurator id 31)', () => {
  it("starts the platform's Quote_Gen product with the quote's lines as server-built parameters", async () => {
    const { quoteId } = await quoteWithChair();
    const configurationId = randomUUID();
    const fake = { Name: 'Line_Item', SimpleValue: 'FAKE', IsNull: false, Type: 0 };
    const started = resultOf<TStartResult>(
      await t.call(
        'configurator/start',
        { configurationId, productId: CONFIGURATOR_ID.quote, quoteId, integrationParams: [fake] },
        a.token[1],
      ),
    );
    expect(started.prepare.mode).toBe('Review');
    expect(started.prepare.productId).not.toBe(CONFIGURATOR_ID.quote);
    const [row] = await t.database.db.select().from(configurations).where(eq(configurations.id, configurationId));
    const params = Object.fromEntries(
      ((row?.params ?? []) as { Name: string; SimpleValue: string | null }[]).map((p) => [p.Name, p.SimpleValue]),
    );
    expect(params).toMatchObject({
      QuoteId: String(quoteId),
      IsOrder: 'False',
      Line_Count: '1',
      Line_Item: 'EL-EXECUTIVE-LEATHER-TAN',
      Line_Qty: '1',
      email: 'N/A',
      phone: 'N/A',
    });
  });

  it('prints no final quote while the quote needs approval (409 naming the step), and prints once approved', async () => {
    const input = { name: `Any quote ${randomUUID().slice(0, 8)}`, metric: 'total', threshold: '0', approverLevel: 5 };
    const rule = resultOf<{ id: number }>(await t.call('approvalManagement/createApprovalRule', { input }, a.token[5]));
    try {
      const { quoteId } = await quoteWithChair();
      await setQuote(quoteId, { firstName: 'Ada', lastName: 'Lovelace' });
      const refused = await finishStep(quoteId, 'quote');
      expectFailure(refused.response, 'CONFLICT', msgApprovalRequired([input.name]), 409);
      const quote = await getQuote(quoteId);
      expect(quote.currentPrintedDocument).toBeNull();
      resultOf(await t.call('quoteManagement/submitForApproval', { id: quoteId, version: quote.version }, a.token[1]));
      resultOf(await t.call('quoteManagement/approveQuote', { id: quoteId, version: quote.version }, a.token[5]));
      const printed = await finishStep(quoteId, 'quote');
      expect(printed.response.statusCode, printed.response.body).toBe(200);
    } finally {
      resultOf(await t.call('approvalManagement/deleteApprovalRule', { id: rule.id }, a.token[5]));
    }
  });

  it('prints Rev 1 then Rev 2 of the quote, adds no line, and Rev 1 stays downloadable', async () => {
    const { quoteId } = await quoteWithChair();
    await setQuote(quoteId, { firstName: 'Ada', lastName: 'Lovelace', poNumber: 'PO-7781' });
    const first = await finishStep(quoteId, 'quote');
    expect(first.response.statusCode, first.response.body).toBe(200);
    expect(first.response.json().result).toMatchObject({ quoteId, lineId: null });
    const afterFirst = await getQuote(quoteId);
    expect(afterFirst.quoteGenConfigId).toBe(first.configurationId);
    expect(afterFirst.lineCount).toBe(1);
    // Update Quote: the same configuration reopened and finished again.
    const second = await finishStep(quoteId, 'quote', a.token[1], first.configurationId);
    expect(second.response.statusCode, second.response.body).toBe(200);

    const docs = resultOf<TDocumentRevisions>(
      await t.call(
        'quoteManagement/getCurrentPrintedDocument',
        { quoteId, productId: 31, configId: first.configurationId, componentAttributeName: null },
        a.token[1],
      ),
    );
    expect(docs.revisions.map((doc) => doc.originalName)).toEqual([
      `Quote-${quoteId}-Rev2.pdf`,
      `Quote-${quoteId}-Rev1.pdf`,
    ]);
    expect(docs.current?.originalName).toBe(`Quote-${quoteId}-Rev2.pdf`);
    expect((await getQuote(quoteId)).currentPrintedDocument).toBe(docs.current?.path);

    const rev1 = docs.revisions[1] as TQuoteDocument;
    const file = await fetchLink((await linkFor(rev1.path)).link);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Quote-${quoteId}-Rev1.pdf"; filename*=UTF-8''Quote-${quoteId}-Rev1.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('no-store');
    const text = pdfText(file.rawPayload);
    expect(text).toContain(`Quote #${quoteId}`);
    expect(text).toContain('Lovelace');
    expect(text).toContain('PO-7781');
    expect(text).toContain('2-4 weeks');
    // The platform's name, the validity the review chose (30 days from the document's date) and the line's options.
    const [platform] = await t.database.db.select().from(platforms).where(eq(platforms.id, a.pid));
    expect(text).toContain(platform?.name ?? 'no platform');
    const [month, day, year] = (/\nDate\n(\d\d)\/(\d\d)\/(\d{4})/.exec(text) ?? []).slice(1).map(Number);
    const printedOn = new Date(year ?? 0, (month ?? 1) - 1, day ?? 0);
    const validity = [{ Caption: 'Quote valid for', Value: '30 days' }];
    expect(text).toContain(`Valid until ${formatDate(validUntilOf(printedOn, validity))}`);
    expect(text).toContain('Series: Executive');
  });

  it('refuses a quote without lines, without contact names, and a locked quote, printing nothing', async () => {
    const empty = resultOf<TQuote>(
      await t.call('quoteManagement/createQuote', { input: { _id: randomUUID() } }, a.token[1]),
    );
    await setQuote(empty.id, { firstName: 'Ada', lastName: 'Lovelace' });
    expectFailure((await finishStep(empty.id, 'quote')).response, 'VALIDATION_FAILED', MSG.addLine, 400);

    const { quoteId } = await quoteWithChair();
    expectFailure((await finishStep(quoteId, 'quote')).response, 'VALIDATION_FAILED', MSG.addContactName, 400);

    await setQuote(quoteId, { firstName: 'Ada', lastName: 'Lovelace', isLocked: true });
    expectFailure((await finishStep(quoteId, 'quote')).response, 'CONFLICT', MSG.quoteLocked, 409);
    // The write-up, which would place the order, is refused before anything is typed.
    const writeUp = { configurationId: randomUUID(), productId: CONFIGURATOR_ID.order, quoteId };
    expectFailure(await t.call('configurator/start', writeUp, a.token[1]), 'CONFLICT', MSG.quoteLocked, 409);

    const documents = resultOf<TQuoteDocument[]>(
      await t.call('quoteManagement/getQuoteDocuments', { quoteId }, a.token[1]),
    );
    expect(documents.map((doc) => doc.kind)).toEqual(['pricing']);
    expect((await getQuote(quoteId)).currentPrintedDocument).toBeNull();
  });
});

describe('the write-up step (configurator id 33)', () => {
  it('prints the write-up, points the order at it and its configuration; no line is added', async () => {
    const { quoteId } = await quoteWithChair();
    const { configurationId, started, response } = await finishStep(quoteId, 'order');
    expect(started.prepare.mode).toBe('SOWriteup');
    expect(response.statusCode, response.body).toBe(200);
    const docs = resultOf<TDocumentRevisions>(
      await t.call('quoteManagement/getSOWriteUpDocumentLink', { quoteId }, a.token[1]),
    );
    expect(docs.current?.originalName).toBe(`SalesOrder-${quoteId}-WriteUp-Rev1.pdf`);
    const quote = await getQuote(quoteId);
    expect(quote).toMatchObject({
      type: 2,
      soWriteUpConfigId: configurationId,
      soWriteUpDocLink: docs.current?.path,
      lineCount: 1,
    });
    // The order's own document follows from its job, once the order has committed.
    const listed = async () =>
      resultOf<TQuoteDocument[]>(await t.call('quoteManagement/getQuoteDocuments', { quoteId }, a.token[1]));
    expect((await listed()).map((doc) => doc.kind).sort()).toEqual(['pricing', 'so-writeup']);
    await t.deps.jobs.drain(['documents.printOrder']);
    expect((await listed()).map((doc) => doc.kind).sort()).toEqual(['pricing', 'quote', 'so-writeup']);
    const text = pdfText((await fetchLink((await linkFor(docs.current?.path ?? '')).link)).rawPayload);
    expect(text).toContain(`Sales Order Write-up #${quoteId}`);
    expect(text).toContain('PO-555');
  });
});

describe('download links', () => {
  let path: string;
  let quoteId: number;

  beforeAll(async () => {
    const made = await quoteWithChair();
    quoteId = made.quoteId;
    const docs = resultOf<TDocumentRevisions>(
      await t.call('quoteManagement/getPricingDoc', { lineId: made.lineId }, a.token[1]),
    );
    path = docs.current?.path ?? '';
  });

  it('expire after 60 seconds', async () => {
    const { link, expiresAt } = await linkFor(path);
    expect(new Date(expiresAt).getTime() - now.getTime()).toBe(60_000);
    const issuedAt = now;
    now = new Date(issuedAt.getTime() + 59_000);
    expect((await fetchLink(link)).statusCode).toBe(200);
    now = new Date(issuedAt.getTime() + 61_000);
    const expired = await fetchLink(link);
    expect([expired.statusCode, expired.json().error]).toEqual([404, MSG.downloadLinkInvalid]);
    now = issuedAt;
  });

  it('refuse an altered token', async () => {
    const { link } = await linkFor(path);
    const [head, payload, signature] = link.slice('/api/files/'.length).split('.');
    const other = Buffer.from(JSON.stringify({ typ: 'file-link', doc: 1, sub: '1', iss: 'open-cpq', exp: 9e9 }));
    for (const token of [
      `${head}.${payload}.${signature?.slice(0, -2)}AA`,
      `${head}.${other.toString('base64url')}.${signature}`,
      'not-a-token',
    ]) {
      const response = await fetchLink(`/api/files/${token}`);
      expect(response.statusCode, token).toBe(404);
    }
  });

  it('refuse a link once its user may no longer see the quote', async () => {
    const { link } = await linkFor(path);
    const owner = (await getQuote(quoteId)).createdByUserId;
    await setQuote(quoteId, { createdByUserId: owner + 100_000 });
    expect((await fetchLink(link)).statusCode).toBe(404);
    await setQuote(quoteId, { createdByUserId: owner });
    expect((await fetchLink(link)).statusCode).toBe(200);
  });

  it('are not issued for a quote the caller cannot see', async () => {
    const stranger = (await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid })).token;
    for (const token of [stranger, a.otherAdmin]) {
      expectFailure(await t.call('quoteManagement/downloadFile', { path }, token), 'NOT_FOUND', undefined, 404);
    }
    expect((await t.call('quoteManagement/downloadFile', { path }, a.token[5])).statusCode).toBe(200);
    expect((await t.call('quoteManagement/downloadFile', { path }, a.token[9])).statusCode).toBe(200);
  });
});

describe('access: levels 0/1 own quotes, 5 its platform, 9 all; others NOT_FOUND', () => {
  let quoteId: number;
  let lineId: number;

  beforeAll(async () => {
    ({ quoteId, lineId } = await quoteWithChair());
  });

  const bodies = () =>
    [
      ['quoteManagement/getCurrentPrintedDocument', { quoteId }],
      ['quoteManagement/getPricingDoc', { lineId }],
      ['quoteManagement/getSOWriteUpDocumentLink', { quoteId }],
      ['quoteManagement/getQuoteDocuments', { quoteId }],
    ] as const;

  it('every document route needs a sign-in and no more', async () => {
    for (const [path, body] of bodies()) await expectAccess(t, a, path, body, 0);
    await expectAccess(t, a, 'quoteManagement/downloadFile', { path: 'nothing.pdf' }, 0);
  });

  it("answers the owner, the platform's admin and level 9, and NOT_FOUND to anyone else", async () => {
    const stranger = (await signedInUser(t.database.db, t.deps.config.tokenSecret, { roleLevel: 1, pid: a.pid })).token;
    for (const [path, body] of bodies()) {
      for (const token of [a.token[1], a.token[5], a.token[9]]) {
        expect((await t.call(path, body, token)).statusCode, path).toBe(200);
      }
      for (const token of [stranger, a.token[0], a.otherAdmin])
        expectFailure(await t.call(path, body, token), 'NOT_FOUND', undefined, 404);
    }
  });
});
