import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CSI_LINE_REF_PROPERTY, CSI_ORDER_REF_PROPERTY, createCsiErp } from './csi-erp';
import { CSI_STAND_IN_CREDENTIALS, startCsiStandIn, type TCsiStandIn } from './csi-stand-in.test-support';
import { ErpRejectedError, ErpUnavailableError, type TErpAdapter } from './erp-adapter';
import { describeNoPasswordInErrors, erpContractFixtures, WRONG_PASSWORD } from './erp-contract.test-support';

let standIn: TCsiStandIn;
let erp: TErpAdapter;
beforeAll(async () => {
  standIn = await startCsiStandIn();
  erp = createCsiErp(standIn.connection({ timeoutMs: 2_000 }));
});
afterEach(() => standIn.control.reset());
afterAll(() => standIn.close());

const { nextQuoteId, orderOf, rmaLineOf, failureOf, failures } = erpContractFixtures({
  firstQuoteId: 500,
  order: {
    customerNumber: 'C000123',
    poNumber: 'PO-77',
    customerName: 'Acme Fabrication',
    orderDate: new Date('2026-03-04T22:30:00Z'),
    currency: 'USD',
    lines: [
      { lineNumber: 1, item: 'WIDGET-A', description: 'Widget A', quantity: 2, unitPrice: '12.5000' },
      { lineNumber: 2, item: 'WIDGET-B', description: "Widget B 'large'", quantity: 1, unitPrice: '99.0000' },
    ],
  },
  rmaLine: {
    erpOrderNo: null,
    customerNumber: 'C000123',
    customerSequence: 1,
    warehouse: 'MAIN',
    currency: 'USD',
    taxCode: 'CA',
    item: 'WIDGET-A',
    description: 'Widget A',
    quantity: 1,
    unit: 'EA',
    unitPrice: '12.5000',
    reason: 'Arrived damaged',
    enableRmaDispositions: false,
  },
});

describe('the CSI adapter against a stand-in of the IDO request service', () => {
  it('submits an order with its lines, then answers the same order without creating it again', async () => {
    const counts = standIn.state.counts;
    const before = { ...counts };
    const order = orderOf();
    const first = await erp.submitOrder(order);
    expect(first).toEqual({ erpOrderNo: expect.stringMatching(/^CO\d{8}$/), status: 'Ordered' });
    const again = await erp.submitOrder(order);
    expect(again).toEqual(first);
    expect(counts.ordersCreated - before.ordersCreated).toBe(1);
    expect(counts.orderLinesCreated - before.orderLinesCreated).toBe(2);

    const header = standIn.state.rows.SLCos.find((row) => row.CoNum === first.erpOrderNo);
    expect(header).toMatchObject({
      [CSI_ORDER_REF_PROPERTY]: order.orderRef,
      CustNum: 'C000123',
      CustPo: 'PO-77',
      OrderDate: '20260304 00:00:00.000',
    });
    const lines = standIn.state.rows.SLCoitems.filter((row) => row.CoNum === first.erpOrderNo);
    expect(lines.map((row) => [row.CoLine, row.Item, row.QtyOrderedConv, row.PriceConv])).toEqual([
      ['1', 'WIDGET-A', '2', '12.5000'],
      ['2', 'WIDGET-B', '1', '99.0000'],
    ]);
  });

  it('adds the lines an earlier run did not get to, under the header it made', async () => {
    const before = { ...standIn.state.counts };
    let isCut = false;
    const cutting: typeof fetch = async (input, init) => {
      if (!isCut && String(input).includes('/ido/update/SLCoitems')) {
        isCut = true;
        throw new TypeError('fetch failed');
      }
      return fetch(input, init);
    };
    const order = orderOf();
    const crashing = createCsiErp(standIn.connection(), { fetch: cutting });
    expect(await failureOf(crashing.submitOrder(order))).toBeInstanceOf(ErpUnavailableError);
    const state = await crashing.submitOrder(order);
    expect(standIn.state.counts.ordersCreated - before.ordersCreated).toBe(1);
    expect(standIn.state.rows.SLCoitems.filter((row) => row.CoNum === state.erpOrderNo)).toHaveLength(2);
  });

  it('reads order statuses as labels, with what the ERP changed on its own, leaving unknown orders out', async () => {
    const a = await erp.submitOrder(orderOf());
    const b = await erp.submitOrder(orderOf());
    standIn.control.setOrderStatus(a.erpOrderNo, 'C');
    expect(await erp.getOrderStatuses([a.erpOrderNo, 'CO99999999', b.erpOrderNo])).toEqual([
      { erpOrderNo: a.erpOrderNo, status: 'Complete' },
      { erpOrderNo: b.erpOrderNo, status: 'Ordered' },
    ]);
    standIn.control.setOrderStatus(b.erpOrderNo, 'S');
    expect(await erp.getOrderStatuses([b.erpOrderNo])).toEqual([{ erpOrderNo: b.erpOrderNo, status: 'Stopped' }]);
    expect(await erp.getOrderStatuses([])).toEqual([]);
  });

  it('creates the RMA header and its lines once: two lines share the header, a repeated line creates nothing', async () => {
    const before = { ...standIn.state.counts };
    const quoteId = nextQuoteId();
    const first = await erp.createRmaLine(rmaLineOf(quoteId, 'line-11'));
    const second = await erp.createRmaLine(rmaLineOf(quoteId, 'line-12', { item: 'WIDGET-B', quantity: 3 }));
    const repeated = await erp.createRmaLine(rmaLineOf(quoteId, 'line-11'));
    expect(first).toEqual({ rmaNumber: `RMA0000${quoteId}`, erpLineNo: '1', status: 'Open' });
    expect(second).toEqual({ rmaNumber: `RMA0000${quoteId}`, erpLineNo: '2', status: 'Open' });
    expect(repeated).toEqual(first);
    expect(standIn.state.counts.rmasCreated - before.rmasCreated).toBe(1);
    expect(standIn.state.counts.rmaLinesCreated - before.rmaLinesCreated).toBe(2);
    expect(standIn.state.rows.SLRmas.find((row) => row.RmaNum === `RMA0000${quoteId}`)).toMatchObject({
      CustNum: 'C000123',
      CustSeq: '1',
      Whse: 'MAIN',
      CurrCode: 'USD',
      TaxCode1: 'CA',
    });
    expect(standIn.state.rows.SLRmaitems.filter((row) => row.RmaNum === `RMA0000${quoteId}`)).toEqual([
      expect.objectContaining({ RmaLine: '1', [CSI_LINE_REF_PROPERTY]: 'line-11', UM: 'EA', QtyToReturn: '1' }),
      expect.objectContaining({ RmaLine: '2', [CSI_LINE_REF_PROPERTY]: 'line-12', Item: 'WIDGET-B' }),
    ]);
  });

  it.each(['status500', 'status503', 'status429', 'malformed', 'wrongShape', 'timeout'] as const)(
    'throws ErpUnavailableError on %s',
    async (fault) => {
      const quick = createCsiErp(standIn.connection({ timeoutMs: 1_000 }));
      await quick.getOrderStatuses(['CO00000001']);
      standIn.control.failNext(1, fault);
      expect(await failureOf(quick.getOrderStatuses(['CO00000001']))).toBeInstanceOf(ErpUnavailableError);
    },
  );

  it('throws ErpUnavailableError when an answer is slower than timeoutMs, and during an outage', async () => {
    const quick = createCsiErp(standIn.connection({ timeoutMs: 150 }));
    standIn.control.setDelay(600);
    const slow = await failureOf(quick.submitOrder(orderOf()));
    expect(slow).toBeInstanceOf(ErpUnavailableError);
    expect(slow.message).toBe('CSI GET /ido/token: no answer within 150 ms');
    standIn.control.setDelay(0);
    standIn.control.setDown(true);
    const down = await failureOf(erp.getOrderStatuses(['CO00000001']));
    expect(down).toBeInstanceOf(ErpUnavailableError);
    expect(down.message).toBe('CSI GET /ido/load/SLCos: could not be reached');
  });

  it('signs in again once when the token has expired, and gives up on a second 401', async () => {
    const order = await erp.submitOrder(orderOf());
    const tokens = standIn.state.counts.tokensIssued;
    standIn.control.failNext(1, 'unauthorized');
    expect(await erp.getOrderStatuses([order.erpOrderNo])).toHaveLength(1);
    standIn.control.expireTokens();
    expect(await erp.getOrderStatuses([order.erpOrderNo])).toHaveLength(1);
    expect(standIn.state.counts.tokensIssued - tokens).toBe(2);
    standIn.control.failNext(2, 'unauthorized');
    expect(await failureOf(erp.getOrderStatuses([order.erpOrderNo]))).toBeInstanceOf(ErpRejectedError);
  });

  it("throws ErpRejectedError with the service's message on Success false and on a 4xx, creating nothing", async () => {
    const before = standIn.state.counts.ordersCreated;
    const refused = await failureOf(erp.submitOrder(orderOf({ customerNumber: null })));
    expect(refused).toBeInstanceOf(ErpRejectedError);
    expect(refused.message).toBe('CSI POST /ido/update/SLCos: Customer is required.');
    expect(standIn.state.counts.ordersCreated).toBe(before);
    standIn.control.failNext(1, 'status400');
    expect(await failureOf(erp.getOrderStatuses(['CO00000001']))).toBeInstanceOf(ErpRejectedError);
  });

  it('refuses a wrong password as ErpRejectedError', async () => {
    const wrong = createCsiErp(standIn.connection({ password: WRONG_PASSWORD }));
    const refused = await failureOf(wrong.getOrderStatuses(['CO00000001']));
    expect(refused).toBeInstanceOf(ErpRejectedError);
    expect(refused.message).toBe('CSI GET /ido/token: sign-in refused (HTTP 401: Invalid user name or password.)');
    // fetch's own error for a bad address quotes the whole URL, the password in it.
    const unparsable = createCsiErp({ ...standIn.connection(), baseUrl: 'http://exa mple.test' });
    expect(await failureOf(unparsable.getOrderStatuses(['CO00000001']))).toBeInstanceOf(ErpUnavailableError);
  });

  it('reads rows sent as objects as well as rows of Name/Value pairs', async () => {
    const objectRows: typeof fetch = async (input) => {
      const url = String(input);
      const body = url.includes('/ido/token/')
        ? { Message: null, Success: true, Token: 'token-1' }
        : { Items: [{ CoNum: 'CO00000042', Stat: 'H', _ItemId: 'x' }], Message: null, MessageCode: 0, Success: true };
      return new Response(JSON.stringify(body), { status: 200 });
    };
    const reader = createCsiErp(standIn.connection(), { fetch: objectRows });
    expect(await reader.getOrderStatuses(['CO00000042'])).toEqual([{ erpOrderNo: 'CO00000042', status: 'History' }]);
  });
});

describe('the CSI stand-in for other processes', () => {
  const post = (path: string, body: unknown) =>
    fetch(`${standIn.origin}/__control/${path}`, { method: 'POST', body: JSON.stringify(body) });

  it('answers its controls over HTTP', async () => {
    const { erpOrderNo } = await erp.submitOrder(orderOf());
    expect((await post('order-status', { erpOrderNo, stat: 'C' })).status).toBe(200);
    expect(await erp.getOrderStatuses([erpOrderNo])).toEqual([{ erpOrderNo, status: 'Complete' }]);
    expect((await post('order-status', { erpOrderNo: 'CO0', status: 'C' })).status).toBe(404);
    expect((await post('fail-next', { count: 1, fault: 'status500' })).status).toBe(200);
    expect(await failureOf(erp.getOrderStatuses([erpOrderNo]))).toBeInstanceOf(ErpUnavailableError);
    expect((await post('fail-next', { count: 1, fault: 'nonsense' })).status).toBe(400);
    expect((await post('down', { down: true })).status).toBe(200);
    expect(await failureOf(erp.getOrderStatuses([erpOrderNo]))).toBeInstanceOf(ErpUnavailableError);
    await post('down', { down: false });
    const state = (await (await fetch(`${standIn.origin}/__control/state`)).json()) as TCsiStandIn['state'];
    expect(state.counts.ordersCreated).toBe(standIn.state.counts.ordersCreated);
    expect(state.rows.SLCos.some((row) => row.CoNum === erpOrderNo)).toBe(true);
  });

  it('runs as its own process from the CLI, on the port it is given', async () => {
    const cli = fileURLToPath(new URL('./csi-stand-in.cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli], {
      env: { ...process.env, CSI_STAND_IN_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const started = JSON.parse(line) as { url: string; origin: string; password: string; config: string };
      expect(started).toMatchObject({ password: CSI_STAND_IN_CREDENTIALS.password, config: 'CSI_DALS' });
      const other = createCsiErp({ ...CSI_STAND_IN_CREDENTIALS, baseUrl: started.url });
      const { erpOrderNo } = await other.submitOrder(orderOf());
      const state = (await (await fetch(`${started.origin}/__control/state`)).json()) as TCsiStandIn['state'];
      expect(state.counts.ordersCreated).toBe(1);
      expect(state.rows.SLCos[0]?.CoNum).toBe(erpOrderNo);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});

describeNoPasswordInErrors(failures, { password: CSI_STAND_IN_CREDENTIALS.password, prefix: /^CSI /, atLeast: 12 });
