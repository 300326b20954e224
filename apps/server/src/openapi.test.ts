import { MSG, ROUTES, type TRoutePath } from '@cpq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteTestBed, type TQuoteTestBed } from './modules/quotes/quotes.test-support';
import { buildOpenApiDocument } from './openapi';
import { expectFieldError } from './testing/expect-api';

type TOperation = {
  post: { description: string; requestBody: { content: { 'application/json': { schema: unknown } } } };
};
const paths = buildOpenApiDocument().paths as Record<string, TOperation>;
const descriptionOf = (path: string) => paths[`/api/v1/${path}`]?.post.description ?? '';

/**
 * Where each update's `version` went: required where no client of the spec's payload can be broken by it (the
 * routes this API added, and updateQuote, which the web app always sent it to); optional, and said to be last write
 * wins, where the spec's payload for the route has no version.
 */
const REQUIRED: TRoutePath[] = [
  'quoteManagement/updateQuote',
  'quoteManagement/lockQuote',
  'quoteManagement/unlockQuote',
  'quoteManagement/convertQuoteRequest',
  'quoteManagement/setQuoteCustomer',
  'quoteManagement/placeOrder',
  'paymentManagement/payment',
  'quoteManagement/shareQuote',
  'quoteManagement/setLineOptional',
  'priceListManagement/updatePriceList',
  'approvalManagement/updateApprovalRule',
  'quoteManagement/submitForApproval',
  'quoteManagement/approveQuote',
  'quoteManagement/rejectQuote',
  'productManagement/saveModelDraft',
  'productManagement/publishModel',
];
const OPTIONAL: TRoutePath[] = [
  'userManagement/updateUser',
  'roleManagement/updateRole',
  'platformManagement/updatePlatform',
  'productManagement/updateProduct',
  'statusTypesMgmt/updateStatusType',
  'customerManagement/updateCustomer',
  'addressManagement/updateAddress',
  'quoteManagement/updateLine',
  'quoteManagement/deleteLine',
  'quoteManagement/updateSolidfitLinePricing',
];

describe('the API docs say what a call does with and without a version', () => {
  it('every route that takes a version is listed as required or optional', () => {
    const withVersion = Object.keys(ROUTES).filter((path) => descriptionOf(path).includes('version`'));
    expect(withVersion.sort()).toEqual([...REQUIRED, ...OPTIONAL].sort());
  });

  it.each(OPTIONAL)('%s: without a version the last write wins, and clients should send one', (path) => {
    const description = descriptionOf(path);
    expect(description).toContain('last write wins');
    expect(description).toContain('Clients should always send the version they read');
    expect(description).toContain(MSG.conflict);
  });

  it.each(REQUIRED)('%s: the version is required', (path) => {
    expect(descriptionOf(path)).toContain('is required: the version the caller read');
  });
});

describe('required versions', () => {
  let bed: TQuoteTestBed;
  beforeAll(async () => {
    bed = await quoteTestBed('10');
  });
  afterAll(() => bed.t.close());

  it('a call without the version answers 400 naming the field and changes nothing', async () => {
    const { t, a, calls, productId } = bed;
    const quote = await calls.orderableQuote(productId, a.token[9]);
    const before = await calls.getQuote(quote.id, a.token[9]);
    const bodies: Partial<Record<TRoutePath, Record<string, unknown>>> = {
      'quoteManagement/updateQuote': { id: quote.id, input: { name: 'Changed' } },
      'quoteManagement/lockQuote': { id: quote.id },
      'quoteManagement/unlockQuote': { id: quote.id },
      'quoteManagement/convertQuoteRequest': { id: quote.id },
      'quoteManagement/setQuoteCustomer': { quoteId: quote.id, customerId: null },
      'quoteManagement/placeOrder': { id: quote.id, poNumber: 'PO-9' },
      'paymentManagement/payment': { amount: 100, id: 'pm_card_visa', quoteId: quote.id },
      'quoteManagement/shareQuote': { id: quote.id, email: 'buyer@customer.example' },
      'quoteManagement/setLineOptional': { id: quote.id, lineId: before.lines?.[0]?.id, optional: true },
      'priceListManagement/updatePriceList': { id: 1, input: { name: 'Changed' } },
      'approvalManagement/updateApprovalRule': { id: 1, input: { name: 'Changed' } },
      'quoteManagement/submitForApproval': { id: quote.id },
      'quoteManagement/approveQuote': { id: quote.id },
      'quoteManagement/rejectQuote': { id: quote.id, comment: 'No' },
      'productManagement/saveModelDraft': { productId, model: {} },
      'productManagement/publishModel': { productId },
    };
    expect(Object.keys(bodies).sort()).toEqual([...REQUIRED].sort());
    for (const [path, body] of Object.entries(bodies)) {
      expectFieldError(await t.call(path as TRoutePath, body, a.token[9]), 'version');
    }
    expect(await calls.getQuote(quote.id, a.token[9])).toEqual(before);
  });
});
