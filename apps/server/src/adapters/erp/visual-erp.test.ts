import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErpRejectedError, ErpUnavailableError, type TErpAdapter } from './erp-adapter';
import { describeNoPasswordInErrors, erpContractFixtures, WRONG_PASSWORD } from './erp-contract.test-support';
import { createVisualErp } from './visual-erp';
import { startVisualStandIn, type TVisualStandIn, VISUAL_STAND_IN_CREDENTIALS } from './visual-stand-in.test-support';

let standIn: TVisualStandIn;
let erp: TErpAdapter;
beforeAll(async () => {
  standIn = await startVisualStandIn();
  erp = createVisualErp(standIn.connection({ timeoutMs: 2_000 }));
});
afterEach(() => standIn.control.reset());
afterAll(() => standIn.close());

const { nextQuoteId, orderOf, rmaLineOf, failureOf, failures } = erpContractFixtures({
  firstQuoteId: 700,
  order: {
    customerNumber: 'ACME01',
    poNumber: 'PO-9001',
    customerName: 'Acme Fabrication',
    orderDate: new Date('2026-05-06T12:00:00Z'),
    currency: 'EUR',
    lines: [
      { lineNumber: 1, item: 'GEARBOX-10', description: 'Gearbox 10:1', quantity: 4, unitPrice: '310.0000' },
      { lineNumber: 2, item: 'MOTOR-2HP', description: 'Motor 2 HP', quantity: 4, unitPrice: '455.5000' },
    ],
  },
  rmaLine: {
    erpOrderNo: 'SO000001',
    customerNumber: 'ACME01',
    customerSequence: 1,
    warehouse: 'MAIN',
    currency: 'USD',
    taxCode: 'CA',
    item: 'GEARBOX-10',
    description: 'Gearbox 10:1',
    quantity: 1,
    unit: 'EA',
    unitPrice: '310.0000',
    reason: 'Wrong ratio',
    enableRmaDispositions: true,
  },
});

describe('the VISUAL adapter against a stand-in of its REST API', () => {
  it('submits an order with its lines in one request, then answers the same order without creating it again', async () => {
    const before = { ...standIn.state.counts };
    const order = orderOf();
    const first = await erp.submitOrder(order);
    expect(first).toEqual({ erpOrderNo: expect.stringMatching(/^SO\d{6}$/), status: 'Released' });
    expect(await erp.submitOrder(order)).toEqual(first);
    expect(standIn.state.counts.ordersCreated - before.ordersCreated).toBe(1);
    expect(standIn.state.counts.orderLinesCreated - before.orderLinesCreated).toBe(2);
    expect(standIn.state.orders.find((item) => item.id === first.erpOrderNo)).toMatchObject({
      externalRef: order.orderRef,
      customerId: 'ACME01',
      customerPoRef: 'PO-9001',
      orderDate: '2026-05-06',
      currencyId: 'EUR',
      lines: [
        { lineNo: 1, partId: 'GEARBOX-10', orderQty: 4, unitPrice: '310.0000' },
        { lineNo: 2, partId: 'MOTOR-2HP', orderQty: 4, unitPrice: '455.5000' },
      ],
    });
  });

  it('answers a 409 from a run that got there first by reading the order again', async () => {
    const order = orderOf();
    const made = await erp.submitOrder(order);
    const before = standIn.state.counts.ordersCreated;
    let isHidden = false;
    // The first lookup misses the order (a replica behind), so the create meets the existing one.
    const behind: typeof fetch = async (input, init) => {
      if (!isHidden && String(input).includes(`externalRef=${order.orderRef}`)) {
        isHidden = true;
        return new Response(JSON.stringify({ items: [] }), { status: 200 });
      }
      return fetch(input, init);
    };
    const late = createVisualErp(standIn.connection(), { fetch: behind });
    expect(await late.submitOrder(order)).toEqual(made);
    expect(standIn.state.counts.ordersCreated).toBe(before);
  });

  it('reads order statuses as labels, with what the ERP changed on its own, leaving unknown orders out', async () => {
    const a = await erp.submitOrder(orderOf());
    const b = await erp.submitOrder(orderOf());
    standIn.control.setOrderStatus(a.erpOrderNo, 'C');
    standIn.control.setOrderStatus(b.erpOrderNo, 'H');
    expect(await erp.getOrderStatuses([a.erpOrderNo, 'SO999999', b.erpOrderNo])).toEqual([
      { erpOrderNo: a.erpOrderNo, status: 'Closed' },
      { erpOrderNo: b.erpOrderNo, status: 'On Hold' },
    ]);
    expect(await erp.getOrderStatuses([])).toEqual([]);
  });

  it('creates the RMA and its lines once: two lines share the RMA, a repeated line creates nothing', async () => {
    const before = { ...standIn.state.counts };
    const quoteId = nextQuoteId();
    const first = await erp.createRmaLine(rmaLineOf(quoteId, 'line-21'));
    const second = await erp.createRmaLine(rmaLineOf(quoteId, 'line-22', { item: 'MOTOR-2HP' }));
    expect(await erp.createRmaLine(rmaLineOf(quoteId, 'line-21'))).toEqual(first);
    expect(first).toEqual({ rmaNumber: `RMA0000${quoteId}`, erpLineNo: '1', status: 'Open' });
    expect(second).toEqual({ rmaNumber: `RMA0000${quoteId}`, erpLineNo: '2', status: 'Open' });
    expect(standIn.state.counts.rmasCreated - before.rmasCreated).toBe(1);
    expect(standIn.state.counts.rmaLinesCreated - before.rmaLinesCreated).toBe(2);
    expect(standIn.state.rmas.find((rma) => rma.id === `RMA0000${quoteId}`)).toMatchObject({
      customerId: 'ACME01',
      customerSeq: 1,
      custOrderId: 'SO000001',
      warehouseId: 'MAIN',
      currencyId: 'USD',
      taxCode: 'CA',
      lines: [
        { lineNo: 1, externalRef: 'line-21', unitOfMeasure: 'EA', dispositionsEnabled: true },
        { lineNo: 2, externalRef: 'line-22', partId: 'MOTOR-2HP' },
      ],
    });
  });

  it.each(['status500', 'status503', 'status429', 'malformed', 'wrongShape', 'timeout'] as const)(
    'throws ErpUnavailableError on %s',
    async (fault) => {
      const quick = createVisualErp(standIn.connection({ timeoutMs: 1_000 }));
      await quick.getOrderStatuses(['SO000001']);
      standIn.control.failNext(1, fault);
      expect(await failureOf(quick.getOrderStatuses(['SO000001']))).toBeInstanceOf(ErpUnavailableError);
    },
  );

  it('throws ErpUnavailableError when an answer is slower than timeoutMs, and during an outage', async () => {
    const quick = createVisualErp(standIn.connection({ timeoutMs: 150 }));
    standIn.control.setDelay(600);
    const slow = await failureOf(quick.submitOrder(orderOf()));
    expect(slow).toBeInstanceOf(ErpUnavailableError);
    expect(slow.message).toBe('VISUAL POST /oauth2/token: no answer within 150 ms');
    standIn.control.setDelay(0);
    standIn.control.setDown(true);
    const down = await failureOf(erp.getOrderStatuses(['SO000001']));
    expect(down).toBeInstanceOf(ErpUnavailableError);
    expect(down.message).toBe('VISUAL GET /v1/customer-orders: could not be reached');
  });

  it('signs in again once when the token was refused, renews it before expires_in, and gives up on a second 401', async () => {
    const order = await erp.submitOrder(orderOf());
    const tokens = standIn.state.counts.tokensIssued;
    standIn.control.failNext(1, 'unauthorized');
    expect(await erp.getOrderStatuses([order.erpOrderNo])).toHaveLength(1);
    expect(standIn.state.counts.tokensIssued - tokens).toBe(1);
    standIn.control.failNext(2, 'unauthorized');
    expect(await failureOf(erp.getOrderStatuses([order.erpOrderNo]))).toBeInstanceOf(ErpRejectedError);

    const shortLived = await startVisualStandIn({ tokenLifetimeSeconds: 30 });
    try {
      const renewing = createVisualErp(shortLived.connection());
      await renewing.getOrderStatuses(['SO000001']);
      await renewing.getOrderStatuses(['SO000001']);
      expect(shortLived.state.counts.tokensIssued).toBe(2);
      expect(shortLived.state.counts.requests).toBe(4);
    } finally {
      await shortLived.close();
    }
  });

  it("throws ErpRejectedError with the API's message on a 4xx, creating nothing", async () => {
    const before = standIn.state.counts.ordersCreated;
    const refused = await failureOf(erp.submitOrder(orderOf({ customerNumber: null })));
    expect(refused).toBeInstanceOf(ErpRejectedError);
    expect(refused.message).toBe('VISUAL POST /v1/customer-orders: HTTP 422: A customer order needs a customer.');
    expect(standIn.state.counts.ordersCreated).toBe(before);
    standIn.control.failNext(1, 'status400');
    expect(await failureOf(erp.getOrderStatuses(['SO000001']))).toBeInstanceOf(ErpRejectedError);
    const wrongSite = createVisualErp(standIn.connection({ config: 'OTHER' }));
    expect(await failureOf(wrongSite.getOrderStatuses(['SO000001']))).toBeInstanceOf(ErpRejectedError);
  });

  it('refuses a wrong password as ErpRejectedError', async () => {
    const wrong = createVisualErp(standIn.connection({ password: WRONG_PASSWORD }));
    const refused = await failureOf(wrong.getOrderStatuses(['SO000001']));
    expect(refused).toBeInstanceOf(ErpRejectedError);
    expect(refused.message).toBe(
      'VISUAL POST /oauth2/token: sign-in refused (HTTP 400: The user name or password is wrong.)',
    );
  });
});

describeNoPasswordInErrors(failures, {
  password: VISUAL_STAND_IN_CREDENTIALS.password,
  prefix: /^VISUAL /,
  atLeast: 10,
});
