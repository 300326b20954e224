import { msgNoLargerThan, PG_INT_MAX, ROUTES, type TRoutePath } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, type TFailureBody } from './testing/expect-api';
import { fullSample, setAt } from './testing/fuzz-payloads';
import { createPlatformActors, type TPlatformActors } from './testing/platform-actors';
import { createTestApp, type TTestApp } from './testing/test-app';

/**
 * Request numbers stored in 32-bit `integer` columns: one past PG_INT_MAX (or a safe integer far past it) is a
 * field error naming the field, never a query the database fails with a 500.
 */
const TOO_LARGE = [2 ** 31, Number.MAX_SAFE_INTEGER];

/** Integer fields bound to a 64-bit column, whose own limit lies past 2^31: these answer anything but a 5xx. */
const WIDE_FIELDS: Partial<Record<TRoutePath, string[]>> = {
  'paymentManagement/payment': ['amount'],
};

let t: TTestApp;
let actors: TPlatformActors;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  actors = await createPlatformActors(t);
});
afterAll(async () => {
  await t.close();
});

const tooLarge = msgNoLargerThan(PG_INT_MAX);

describe('ids past the 32-bit range', () => {
  const cases: [TRoutePath, (id: number) => unknown][] = [
    ['quoteManagement/getQuote', (id) => ({ id })],
    ['quoteManagement/updateLine', (id) => ({ id, input: { quantity: 1 } })],
    ['customerManagement/getCustomer', (id) => ({ id })],
    ['quoteManagement/getLines', (quoteId) => ({ quoteId })],
    ['userManagement/deleteUser', (id) => ({ id })],
  ];

  it.each(cases)('%s answers 400 naming the id', async (path, body) => {
    for (const id of TOO_LARGE) {
      const response = await t.call(path, body(id), actors.token[9]);
      const failure = expectFailure(response, 'VALIDATION_FAILED', tooLarge, 400);
      const field = path === 'quoteManagement/getLines' ? 'quoteId' : 'id';
      expect(failure.details).toEqual([{ path: field, message: tooLarge }]);
    }
  });

  it.each(cases)('%s still takes the largest 32-bit id (and finds nothing)', async (path, body) => {
    const response = await t.call(path, body(PG_INT_MAX), actors.token[9]);
    expect(response.statusCode, response.body).toBe(404);
  });

  it('a CRM hand-off naming an existing quote past the range answers 404, not a failed query', async () => {
    for (const quoteId of ['2147483648', '9007199254740991']) {
      const response = await t.call(
        'quoteManagement/createQuoteInitiatedFromSalesforce',
        { salesPortalQuoteDTO: { existingQuote: 'Yes', quoteId } },
        actors.token[1],
      );
      expectFailure(response, 'NOT_FOUND', undefined, 404);
    }
  });
});

describe('every integer field of every route', () => {
  it('answers 400 naming the field past the 32-bit range (or its smaller limit), and never a 5xx at or past it', async () => {
    const routes = Object.keys(ROUTES) as TRoutePath[];
    const problems: string[] = [];
    let sent = 0;
    let fields = 0;
    const reached = new Map<number, number>();
    for (const path of routes) {
      const { body, integerPaths } = fullSample(ROUTES[path].request);
      if (integerPaths.length === 0) continue;
      // Fresh callers: a body that got through could sign the caller out or delete them.
      actors = await createPlatformActors(t);
      for (const fieldPath of integerPaths) {
        fields += 1;
        const field = fieldPath.join('.');
        const isWide = WIDE_FIELDS[path]?.includes(field) ?? false;
        for (const value of [PG_INT_MAX, ...TOO_LARGE]) {
          const response = await t.app.inject({
            method: 'POST',
            url: `/api/v1/${path}`,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${actors.token[9]}`,
              'x-forwarded-for': `10.8.${(sent >> 8) & 255}.${sent & 255}`,
            },
            payload: JSON.stringify(setAt(body, fieldPath, value)),
          });
          sent += 1;
          const where = `${path} ${field}=${value}: ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (value === PG_INT_MAX) reached.set(response.statusCode, (reached.get(response.statusCode) ?? 0) + 1);
          if (response.statusCode >= 500) problems.push(where);
          else if (!isWide && value > PG_INT_MAX) {
            const details = response.statusCode === 400 ? (response.json() as TFailureBody).details : undefined;
            if (!details?.some((detail) => detail.path === field)) problems.push(where);
          }
        }
      }
    }
    console.log(
      `integer range: ${fields} integer fields, ${sent} requests, ${problems.length} problems; at PG_INT_MAX ${JSON.stringify(Object.fromEntries(reached))}`,
    );
    expect(problems).toEqual([]);
    // The controls: the walk found the integer fields of the id-taking routes, and most bodies holding PG_INT_MAX got
    // past validation into the services (so the other fields of each body are valid, and a 400 is the number's).
    expect(fields).toBeGreaterThan(100);
    expect(fields - (reached.get(400) ?? 0)).toBeGreaterThan(80);
  }, 300_000);
});
