import { randomUUID } from 'node:crypto';
import { MSG, type TCommunication, type TQuote, type TQuoteListRow } from '@cpq/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, communications, quoteLines, quotes } from '../../db/schema';
import { expectFailure, expectFieldError, resultOf } from '../../testing/expect-api';
import { createPlatformActors, type TPlatformActors } from '../../testing/platform-actors';
import { createTestApp, type TTestApp } from '../../testing/test-app';
import { callAudited, changeEventsOf, trailRow } from '../audit/audit.test-support';
import { quoteCalls } from './quotes.test-support';

let t: TTestApp;
let a: TPlatformActors;
let calls: ReturnType<typeof quoteCalls>;
let hingeId: number;

const tag = () => `p${randomUUID().slice(0, 8)}`;
const newQuote = (token = a.token[1], input: Record<string, unknown> = {}) => calls.newQuote(token, input);
const getQuote = (id: number, token = a.token[1]) => calls.getQuote(id, token);
const update = (quote: Pick<TQuote, 'id' | 'version'>, input: Record<string, unknown>, token = a.token[1]) =>
  t.call('quoteManagement/updateQuote', { id: quote.id, version: quote.version, input }, token);
const list = async (body: Record<string, unknown>, token = a.token[1]) =>
  resultOf<{ rows: TQuoteListRow[]; count: number }>(await t.call('quoteManagement/getQuotes', body, token));
const setType = (id: number, type: number) => t.database.db.update(quotes).set({ type }).where(eq(quotes.id, id));

const BILLING = { Address: '1 Main St', Address2: '', City: 'Austin', State: 'TX', Zip: 78701, sameAsShipping: true };
const SHIPPING = { Address: '9 Dock Rd', City: 'Dallas', State: 'TX', Zip: '75201' };

beforeAll(async () => {
  t = await createTestApp();
  a = await createPlatformActors(t);
  calls = quoteCalls(t);
  hingeId = (await calls.fixedProduct('38.50', a.token[5])).ID;
});
afterAll(() => t.close());

describe('quoteManagement/getQuotes', () => {
  it('lists the caller’s quotes newest first, by type, searchable by #id, project and customer, narrowed by attributes', async () => {
    const name = tag();
    const first = await newQuote(a.token[1], { name });
    const request = await newQuote(a.token[1], { name, type: 3 });
    const order = await newQuote(a.token[1], { name });
    await setType(order.id, 2);
    resultOf(await update(first, { firstName: 'Ada', lastName: `Lovelace${name}` }));
    await newQuote(a.token[5], { name });

    const dashboard = await list({ search: name, type: [1, 3], username: a.username[1] });
    expect(dashboard.rows.map((row) => row.id)).toEqual([request.id, first.id]);
    expect(dashboard.count).toBe(2);
    expect((await list({ search: name, type: 2 })).rows.map((row) => row.id)).toEqual([order.id]);
    expect((await list({ search: `#${first.id}`, type: 1 })).rows.map((row) => row.id)).toContain(first.id);
    expect((await list({ search: `ada lovelace${name}` })).rows.map((row) => row.id)).toEqual([first.id]);

    const narrowed = await list({ search: name, type: 1, attributes: ['name', 'totalCost'] });
    expect(narrowed.rows).toEqual([{ id: first.id, name, totalCost: '0.0000' }]);
    expectFieldError(
      await t.call('quoteManagement/getQuotes', { attributes: ['passwordHash'] }, a.token[1]),
      'attributes.0',
    );
    expectFieldError(await t.call('quoteManagement/getQuotes', { order: ['pid', 'ASC'] }, a.token[1]), 'order.0');
  });

  it('sorts by the list’s columns, with pages that neither overlap nor skip', async () => {
    const name = tag();
    const cheap = await newQuote(a.token[1], { name });
    const dear = await newQuote(a.token[1], { name });
    resultOf(await calls.addLine(cheap.id, hingeId, a.token[1]));
    resultOf(await calls.addLine(dear.id, hingeId, a.token[1], { quantity: 3 }));
    const byValue = await list({ search: name, order: ['totalCost', 'DESC'] });
    expect(byValue.rows.map((row) => [row.id, row.totalCost])).toEqual([
      [dear.id, '115.5000'],
      [cheap.id, '38.5000'],
    ]);
    for (const field of ['id', 'statusTypeId', 'customer', 'name', 'createdDate']) {
      const pages = [
        ...(await list({ search: name, order: [field, 'ASC'], limit: 1 })).rows,
        ...(await list({ search: name, order: [field, 'ASC'], limit: 1, offset: 1 })).rows,
      ];
      expect(new Set(pages.map((row) => row.id))).toEqual(new Set([cheap.id, dear.id]));
    }
  });

  it('keeps levels 0 and 1 to their own, administrators to their platform, level 9 to all', async () => {
    const name = tag();
    const mine = await newQuote(a.token[1], { name });
    const publicOne = await newQuote(a.token[0], { name });
    const ids = async (token: string, body: Record<string, unknown> = {}) =>
      (await list({ search: name, ...body }, token)).rows.map((row) => row.id).sort();
    expect(await ids(a.token[1])).toEqual([mine.id]);
    expect(await ids(a.token[0])).toEqual([publicOne.id]);
    expect(await ids(a.token[5])).toEqual([mine.id, publicOne.id].sort());
    expect(await ids(a.token[5], { username: a.username[1] })).toEqual([mine.id]);
    expect(await ids(a.token[9])).toEqual([mine.id, publicOne.id].sort());
    expect(await ids(a.otherAdmin)).toEqual([]);
    expectFailure(
      await t.call('quoteManagement/getQuotes', { username: a.username[0] }, a.token[1]),
      'FORBIDDEN',
      MSG.forbidden,
      403,
    );
    expectFailure(
      await t.call('quoteManagement/getQuotes', { username: a.username[1] }, a.otherAdmin),
      'NOT_FOUND',
      undefined,
      404,
    );
  });
});

describe('quoteManagement/updateQuote', () => {
  it('saves details, PO number, contact and addresses, bumps the version and audits the field names', async () => {
    const quote = await newQuote();
    const input = {
      name: 'Warehouse 9',
      notes: 'Dock door on the north side',
      poNumber: 'PO-77',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'Grace@Example.com',
      phone: '5125550100',
      sameAsBilling: true,
      billingAddress: BILLING,
      shippingAddress: SHIPPING,
    };
    const saved = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/updateQuote', { id: quote.id, version: 1, input }, a.token[1]),
    );
    expect(saved).toMatchObject({
      version: 2,
      name: 'Warehouse 9',
      notes: 'Dock door on the north side',
      poNumber: 'PO-77',
      sameAsBilling: true,
      firstName: 'Grace',
      contact: { id: null, firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', phone: '5125550100' },
      billingAddress: { Address: '1 Main St', Address2: null, City: 'Austin', Zip: '78701', AddressType: 1 },
      shippingAddress: { Address: '9 Dock Rd', City: 'Dallas', AddressType: 2, sameAsShipping: false },
    });
    expect(saved.billingAddress?.sameAsShipping).toBe(true);
    // A second save writes the same address rows, and null removes one.
    const again = resultOf<TQuote>(
      await update(saved, { billingAddress: { ...BILLING, City: 'Round Rock' }, shippingAddress: null, notes: '' }),
    );
    expect(again.billingAddress).toMatchObject({ id: saved.billingAddress?.id, City: 'Round Rock' });
    expect(again).toMatchObject({ shippingAddress: null, shippingAddressId: null, notes: null, version: 3 });
    const owned = await t.database.db.select().from(addresses).where(eq(addresses.quoteId, quote.id));
    expect(owned.map((row) => row.id)).toEqual([saved.billingAddress?.id]);
    const events = await changeEventsOf(t, 'quote', quote.id);
    expect(events[1]).toEqual(
      trailRow('quote.updated', a.pid, a.username[1], {
        fields: [
          'name',
          'notes',
          'poNumber',
          'firstName',
          'lastName',
          'email',
          'phone',
          'sameAsBilling',
          'billingAddressId',
          'shippingAddressId',
        ],
      }),
    );
  });

  it('refuses a stale version with 409 and overwrites nothing', async () => {
    const quote = await newQuote();
    resultOf(await update(quote, { name: 'First' }));
    expectFailure(await update(quote, { name: 'Second' }), 'CONFLICT', MSG.conflict, 409);
    expect(await getQuote(quote.id)).toMatchObject({ name: 'First', version: 2 });
  });

  it('lets exactly one of ten concurrent updates of the same version win', async () => {
    const quote = await newQuote();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => update(quote, { name: `Writer ${index}` })),
    );
    const winners = answers.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((response) => response.statusCode !== 200)) {
      expectFailure(loser, 'CONFLICT', MSG.conflict, 409);
    }
    expect(await getQuote(quote.id)).toMatchObject({ version: 2, name: winners[0]?.json().result.name });
  });

  it('assigns only status types of the platform at or below the caller’s level', async () => {
    const statusOf = async (roleLevel: number, token = a.token[5]) =>
      resultOf<{ id: number }>(
        await t.call('statusTypesMgmt/createStatusType', { input: { name: tag(), roleLevel } }, token),
      ).id;
    const open = await statusOf(0);
    const approved = await statusOf(5);
    const elsewhere = await statusOf(0, a.otherAdmin);
    const quote = await newQuote();
    expect(resultOf<TQuote>(await update(quote, { statusTypeId: open })).statusTypeId).toBe(open);
    const current = await getQuote(quote.id);
    expectFieldError(
      await update(current, { statusTypeId: approved }),
      'input.statusTypeId',
      'You cannot assign this status.',
    );
    expectFailure(await update(current, { statusTypeId: elsewhere }), 'NOT_FOUND', MSG.notFound, 404);
    expect(resultOf<TQuote>(await update(current, { statusTypeId: approved }, a.token[5])).statusTypeId).toBe(approved);
  });

  it('validates the form: e-mail, zip, _id and type must be the quote’s', async () => {
    const quote = await newQuote();
    expectFieldError(await update(quote, { email: 'not-an-email' }), 'input.email', MSG.invalidEmail);
    expectFieldError(await update(quote, { billingAddress: { ...BILLING, Zip: 'abc' } }), 'input.billingAddress.Zip');
    expectFieldError(await update(quote, { isLocked: false }), 'input');
    const body = { id: quote.id, version: 1, input: {} };
    expectFailure(await t.call('quoteManagement/updateQuote', { ...body, _id: randomUUID() }, a.token[1]), 'NOT_FOUND');
    expectFieldError(await t.call('quoteManagement/updateQuote', { ...body, type: 2 }, a.token[1]), 'type');
    expect(
      resultOf<TQuote>(await t.call('quoteManagement/updateQuote', { ...body, _id: quote._id, type: 1 }, a.token[1]))
        .version,
    ).toBe(2);
  });

  it('keeps a half-typed address: what is typed is saved, what is missing stays empty; all empty removes it', async () => {
    const quote = await newQuote();
    const partial = { Address: '500 Congress Ave', City: 'Austin', State: '', Zip: '78701' };
    const saved = resultOf<TQuote>(await update(quote, { billingAddress: partial }));
    expect(saved.billingAddress).toMatchObject({ ...partial, Address2: null, AddressType: 1 });
    expect((await getQuote(quote.id)).billingAddress).toMatchObject(partial);
    const onlyZip = resultOf<TQuote>(await update(saved, { shippingAddress: { Zip: 78702 } }));
    expect(onlyZip.shippingAddress).toMatchObject({ Address: '', City: '', State: '', Zip: '78702', AddressType: 2 });
    // What is typed still follows the rules, with the spec's message.
    expectFieldError(
      await update(onlyZip, { billingAddress: { ...partial, Zip: '78701-1234' } }),
      'input.billingAddress.Zip',
      MSG.zipFormat,
    );
    expectFieldError(
      await update(onlyZip, { billingAddress: { ...partial, State: 'XX' } }),
      'input.billingAddress.State',
    );
    const blank = { Address: ' ', Address2: '', City: '', State: '', Zip: '' };
    const removed = resultOf<TQuote>(await update(onlyZip, { shippingAddress: blank }));
    expect(removed).toMatchObject({ shippingAddress: null, shippingAddressId: null });
  });

  it('answers 404 to other users below level 5 and to other platforms; administrators edit their platform’s', async () => {
    const quote = await newQuote(a.token[1]);
    for (const token of [a.token[0], a.otherAdmin]) {
      expectFailure(await update(quote, { name: 'Taken' }, token), 'NOT_FOUND', MSG.notFound, 404);
    }
    const byAdmin = resultOf<TQuote>(await update(quote, { name: 'Admin' }, a.token[5]));
    expect(resultOf<TQuote>(await update(byAdmin, { name: 'Super' }, a.token[9])).name).toBe('Super');
  });
});

describe('quoteManagement/setQuoteCustomer and getQuoteContact', () => {
  it('autofills the contact and billing address from a customer; the contact is then read-only', async () => {
    const customer = resultOf<{ id: number; billingAddress: { id: number } }>(
      await t.call(
        'customerManagement/createCustomer',
        {
          input: {
            erpId: `C-${tag()}`,
            firstName: 'Katherine',
            lastName: 'Johnson',
            email: 'kj@example.com',
            companyName: 'NACA',
            billingAddress: { Address: '4 Langley Blvd', City: 'Hampton', State: 'VA', Zip: '23666' },
          },
        },
        a.token[5],
      ),
    );
    const quote = await newQuote(a.token[1]);
    const filled = resultOf<TQuote>(
      await t.call(
        'quoteManagement/setQuoteCustomer',
        { quoteId: quote.id, customerId: customer.id, version: 1 },
        a.token[1],
      ),
    );
    expect(filled).toMatchObject({
      version: 2,
      contactId: customer.id,
      contact: {
        id: customer.id,
        firstName: 'Katherine',
        lastName: 'Johnson',
        email: 'kj@example.com',
        companyName: 'NACA',
      },
      billingAddress: { Address: '4 Langley Blvd', City: 'Hampton', customerId: null },
    });
    expect(filled.erpId).toMatch(/^C-/);
    expect(filled.billingAddress?.id).not.toBe(customer.billingAddress.id);

    expectFieldError(await update(filled, { firstName: 'Kate' }), 'input.firstName', MSG.customerAutofilled);
    expectFailure(
      await update(filled, { lastName: 'J' }, a.token[5]),
      'VALIDATION_FAILED',
      MSG.customerAutofilledAdmin,
      400,
    );
    expect(resultOf<TQuote>(await update(filled, { firstName: 'Katherine', notes: 'ok' })).notes).toBe('ok');

    const contact = resultOf<{
      customer: { id: number } | null;
      billingAddresses: { id: number }[];
      shippingAddresses: unknown[];
    }>(await t.call('quoteManagement/getQuoteContact', { quoteId: quote.id }, a.token[1]));
    expect(contact.customer?.id).toBe(customer.id);
    expect(contact.billingAddresses.map((address) => address.id)).toEqual([
      filled.billingAddress?.id,
      customer.billingAddress.id,
    ]);
    expect(contact.shippingAddresses).toEqual([]);

    const current = await getQuote(quote.id);
    const released = resultOf<TQuote>(
      await t.call(
        'quoteManagement/setQuoteCustomer',
        { quoteId: quote.id, customerId: null, version: current.version },
        a.token[1],
      ),
    );
    expect(released).toMatchObject({ contactId: null, erpId: null, firstName: 'Katherine' });
    expect(resultOf<TQuote>(await update(released, { firstName: 'Kate' })).firstName).toBe('Kate');
  });

  it('lets a registered user find the customers of their quote’s platform and autofill both addresses', async () => {
    const erpId = `F-${tag()}`;
    const customer = resultOf<{ id: number }>(
      await t.call(
        'customerManagement/createCustomer',
        {
          input: {
            erpId,
            firstName: 'Dorothy',
            lastName: 'Vaughan',
            email: 'dv@example.com',
            billingAddress: { Address: '1 Langley Blvd', City: 'Hampton', State: 'VA', Zip: '23666' },
          },
        },
        a.token[5],
      ),
    );
    await t.call(
      'addressManagement/createAddress',
      {
        input: {
          Address: '7 Dock Rd',
          City: 'Norfolk',
          State: 'VA',
          Zip: '23510',
          AddressType: 2,
          customerId: customer.id,
        },
      },
      a.token[5],
    );
    await t.call('customerManagement/createCustomer', { input: { erpId, firstName: 'Elsewhere' } }, a.otherAdmin);
    const quote = await newQuote(a.token[1]);
    const find = (body: Record<string, unknown>, token = a.token[1]) =>
      t.call('quoteManagement/findQuoteCustomers', { quoteId: quote.id, ...body }, token);
    const found = resultOf<{ rows: { id: number; pid: string }[] }>(await find({ search: erpId }));
    // Only the quote's platform: the other platform's customer with the same ERP id is not offered.
    expect(found.rows.map((row) => row.id)).toEqual([customer.id]);
    expect(resultOf<{ rows: unknown[] }>(await find({})).rows.length).toBeLessThanOrEqual(20);
    expectFieldError(await find({ limit: 500 }), 'limit');
    expectFailure(await find({}, a.token[0]), 'FORBIDDEN', undefined, 403);
    expectFailure(await find({}, a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    const others = await newQuote(a.token[5]);
    expectFailure(await find({ quoteId: others.id }), 'NOT_FOUND', MSG.notFound, 404);

    const filled = resultOf<TQuote>(
      await t.call(
        'quoteManagement/setQuoteCustomer',
        { quoteId: quote.id, customerId: customer.id, version: quote.version },
        a.token[1],
      ),
    );
    expect(filled).toMatchObject({
      contactId: customer.id,
      contact: { firstName: 'Dorothy', email: 'dv@example.com' },
      sameAsBilling: false,
      billingAddress: { Address: '1 Langley Blvd', City: 'Hampton', customerId: null },
      shippingAddress: { Address: '7 Dock Rd', City: 'Norfolk', AddressType: 2, customerId: null },
    });
    expectFieldError(await update(filled, { email: 'x@example.com' }), 'input.email', MSG.customerAutofilled);
  });

  it('refuses a customer of another platform, a stale version, and others’ quotes', async () => {
    const theirs = resultOf<{ id: number }>(
      await t.call('customerManagement/createCustomer', { input: { erpId: `X-${tag()}` } }, a.otherAdmin),
    );
    const quote = await newQuote(a.token[1]);
    const set = (body: Record<string, unknown>, token = a.token[1]) =>
      t.call('quoteManagement/setQuoteCustomer', { quoteId: quote.id, customerId: null, version: 1, ...body }, token);
    expectFailure(await set({ customerId: theirs.id }), 'NOT_FOUND', MSG.notFound, 404);
    expectFailure(await set({ version: 7 }), 'CONFLICT', MSG.conflict, 409);
    expectFailure(await set({}, a.token[0]), 'FORBIDDEN', undefined, 403);
    expectFailure(await set({}, a.otherAdmin), 'NOT_FOUND', MSG.notFound, 404);
    for (const token of [a.token[0], a.otherAdmin]) {
      expectFailure(await t.call('quoteManagement/getQuoteContact', { quoteId: quote.id }, token), 'NOT_FOUND');
    }
    expect(
      resultOf<{ customer: null }>(await t.call('quoteManagement/getQuoteContact', { quoteId: quote.id }, a.token[9])),
    ).toEqual({ customer: null, billingAddresses: [], shippingAddresses: [] });
  });
});

describe('quoteManagement/deleteQuote', () => {
  it('deletes the quote with its lines, comments and own addresses in one go, audited', async () => {
    const quote = await newQuote();
    resultOf(await calls.addLine(quote.id, hingeId, a.token[1]));
    resultOf(
      await t.call('quoteManagement/createCommunication', { input: { comment: 'Hi', quoteId: quote.id } }, a.token[1]),
    );
    resultOf(await update(await getQuote(quote.id), { billingAddress: BILLING }));
    expectFailure(
      await t.call('quoteManagement/deleteQuote', { id: quote.id }, a.token[0]),
      'NOT_FOUND',
      MSG.notFound,
      404,
    );
    expectFailure(
      await t.call('quoteManagement/deleteQuote', { id: quote.id }, a.otherAdmin),
      'NOT_FOUND',
      MSG.notFound,
      404,
    );
    expectFailure(
      await t.call('quoteManagement/deleteQuote', { id: quote.id, _id: randomUUID() }, a.token[1]),
      'NOT_FOUND',
    );
    expect(
      resultOf(await callAudited(t, 'quoteManagement/deleteQuote', { id: quote.id, _id: quote._id }, a.token[1])),
    ).toEqual({ ok: true, id: quote.id });
    expectFailure(await t.call('quoteManagement/getQuote', { id: quote.id }, a.token[1]), 'NOT_FOUND');
    const db = t.database.db;
    expect(await db.select().from(quoteLines).where(eq(quoteLines.quoteId, quote.id))).toEqual([]);
    expect(await db.select().from(communications).where(eq(communications.quoteId, quote.id))).toEqual([]);
    expect(await db.select().from(addresses).where(eq(addresses.quoteId, quote.id))).toEqual([]);
    expect((await changeEventsOf(t, 'quote', quote.id)).at(-1)).toEqual(
      trailRow('quote.deleted', a.pid, a.username[1], { type: 1 }),
    );
  });

  it('refuses a locked quote', async () => {
    const quote = await newQuote();
    await t.database.db.update(quotes).set({ isLocked: true }).where(eq(quotes.id, quote.id));
    expectFailure(
      await t.call('quoteManagement/deleteQuote', { id: quote.id }, a.token[1]),
      'CONFLICT',
      MSG.quoteLocked,
      409,
    );
    expect((await getQuote(quote.id)).id).toBe(quote.id);
  });

  it('refuses an order, whoever asks, and keeps it with its lines', async () => {
    const order = await newQuote();
    resultOf(await calls.addLine(order.id, hingeId, a.token[1]));
    await setType(order.id, 2);
    for (const token of [a.token[1], a.token[5], a.token[9]]) {
      expectFailure(
        await t.call('quoteManagement/deleteQuote', { id: order.id }, token),
        'CONFLICT',
        MSG.orderNotDeletable,
        409,
      );
    }
    expect(await getQuote(order.id)).toMatchObject({ id: order.id, type: 2, lineCount: 1 });
  });
});

describe('quoteManagement/copyQuote', () => {
  it('copies under the client’s new _id: type 1, unlocked, lines with new GUIDs, no documents; once per _id', async () => {
    const source = await newQuote(a.token[1], { name: 'Original' });
    resultOf(await calls.addLine(source.id, hingeId, a.token[1], { quantity: 2 }));
    resultOf(await calls.addLine(source.id, hingeId, a.token[1]));
    resultOf(await update(await getQuote(source.id), { firstName: 'Ada', billingAddress: BILLING, poNumber: 'PO-1' }));
    await t.database.db
      .update(quotes)
      .set({ isLocked: true, currentPrintedDocument: 'documents/1.pdf', quoteGenConfigId: randomUUID(), type: 2 })
      .where(eq(quotes.id, source.id));
    const original = await getQuote(source.id);
    const _id = randomUUID();
    const copy = resultOf<TQuote>(
      await callAudited(t, 'quoteManagement/copyQuote', { id: source.id, _id }, a.token[1]),
    );
    expect(copy).toMatchObject({
      _id,
      type: 1,
      isLocked: false,
      name: 'Original',
      currentPrintedDocument: null,
      quoteGenConfigId: null,
      poNumber: null,
      firstName: 'Ada',
      totalCost: original.totalCost,
      lineCount: 2,
      billingAddress: { Address: '1 Main St' },
      createdByEmail: a.username[1],
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.billingAddress?.id).not.toBe(original.billingAddress?.id);
    const sourceGuids = new Set(original.lines?.map((line) => line._id));
    expect(copy.lines?.map((line) => line.quantity)).toEqual([2, 1]);
    expect(copy.lines?.some((line) => sourceGuids.has(line._id))).toBe(false);
    const again = resultOf<TQuote>(await t.call('quoteManagement/copyQuote', { id: source.id, _id }, a.token[1]));
    expect(again.id).toBe(copy.id);
    expect(await changeEventsOf(t, 'quote', copy.id)).toEqual([
      trailRow('quote.created', a.pid, a.username[1], { type: 1, copiedFrom: source.id }),
    ]);
  });

  it('copies for an administrator as their own quote; others’ answer 404; a taken _id answers 409', async () => {
    const source = await newQuote(a.token[1]);
    const copy = resultOf<TQuote>(
      await t.call('quoteManagement/copyQuote', { id: source.id, _id: randomUUID() }, a.token[5]),
    );
    expect(copy.createdByEmail).toBe(a.username[5]);
    for (const token of [a.token[0], a.otherAdmin]) {
      expectFailure(
        await t.call('quoteManagement/copyQuote', { id: source.id, _id: randomUUID() }, token),
        'NOT_FOUND',
      );
    }
    expectFailure(
      await t.call('quoteManagement/copyQuote', { id: source.id, _id: copy._id }, a.token[1]),
      'CONFLICT',
      undefined,
      409,
    );
  });
});

describe('quoteManagement/createCommunication and getCommunications', () => {
  it('adds comments as the caller, whatever username the body names, and lists them oldest first', async () => {
    const quote = await newQuote(a.token[1]);
    const add = (comment: string, token = a.token[1], username?: string) =>
      t.call('quoteManagement/createCommunication', { input: { comment, quoteId: quote.id, username } }, token);
    const first = resultOf<TCommunication>(await add('  First  ', a.token[1], a.username[9]));
    expect(first).toMatchObject({ comment: 'First', username: a.username[1], quoteId: quote.id });
    resultOf(await add('Second', a.token[5]));
    expectFieldError(await add('   '), 'input.comment', MSG.commentRequired);
    expectFieldError(await add('x'.repeat(2001)), 'input.comment', 'A comment can be at most 2000 characters.');
    expect(resultOf(await add('x'.repeat(2000)))).toMatchObject({ quoteId: quote.id });
    for (const token of [a.token[0], a.otherAdmin]) {
      expectFailure(await add('Sneaky', token), 'NOT_FOUND', MSG.notFound, 404);
      expectFailure(await t.call('quoteManagement/getCommunications', { quoteId: quote.id }, token), 'NOT_FOUND');
    }
    const listed = resultOf<{ rows: TCommunication[]; count: number }>(
      await t.call('quoteManagement/getCommunications', { quoteId: quote.id }, a.token[1]),
    );
    expect(listed.count).toBe(3);
    expect(listed.rows.map((row) => [row.comment.slice(0, 6), row.username])).toEqual([
      ['First', a.username[1]],
      ['Second', a.username[5]],
      ['xxxxxx', a.username[1]],
    ]);
  });
});
