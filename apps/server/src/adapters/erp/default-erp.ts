import type { TErpAdapter } from './erp-adapter';

/**
 * The built-in ERP (integration 'default'): the app is the system of record. Order numbers are our own, statuses
 * are the status types administrators set (quoteManagement/setOrderStatus), and RMAs are the rows in our `rmas`
 * table, so every operation answers at once with what we already hold.
 */
export function createDefaultErp(): TErpAdapter {
  return {
    kind: 'default',
    async submitOrder(order) {
      return { erpOrderNo: order.orderRef, status: null };
    },
    async getOrderStatuses() {
      return [];
    },
    async createRmaLine(line) {
      return { rmaNumber: line.rmaNumber, erpLineNo: line.lineRef, status: 'Open' };
    },
  };
}
