import { describe, expect, it } from 'vitest';
import { ErpRejectedError, type TErpAdapter } from './erp-adapter';
import { createErpAdapter } from './erp-adapters';

const builtIn: TErpAdapter = {
  kind: 'default',
  submitOrder: async (order) => ({ erpOrderNo: order.orderRef, status: null }),
  getOrderStatuses: async () => [],
  createRmaLine: async (line) => ({ rmaNumber: line.rmaNumber, erpLineNo: line.lineRef, status: null }),
};
const connection = { baseUrl: 'https://erp.example.test/api', config: 'SITE', username: 'cpq', password: 'secret' };

describe('createErpAdapter', () => {
  it('answers the default adapter for default, with or without a connection', () => {
    expect(createErpAdapter('default', null, builtIn)).toBe(builtIn);
    expect(createErpAdapter('default', connection, builtIn)).toBe(builtIn);
  });

  it('answers the CSI and VISUAL adapters on the connection', () => {
    expect(createErpAdapter('CSI', connection, builtIn).kind).toBe('CSI');
    expect(createErpAdapter('visual', connection, builtIn).kind).toBe('visual');
  });

  it('refuses CSI or VISUAL without connection settings', () => {
    expect(() => createErpAdapter('CSI', null, builtIn)).toThrow(
      new ErpRejectedError(
        'The CSI integration has no ERP connection settings; an administrator sets them on the platform',
      ),
    );
    expect(() => createErpAdapter('visual', null, builtIn)).toThrow(ErpRejectedError);
  });
});
