import { randomUUID } from 'node:crypto';
import type { TQuote } from '@cpq/contracts';
import type { APIRequestContext } from '@playwright/test';
import { apiSession, call } from '../admin/support/admin';
import { strongPassword, uniqueEmail } from './api';

/** The ERP's customer number the CSI stand-in knows. */
export const ERP_CUSTOMER_ID = 'C000042';

/**
 * An order on a platform of its own whose ERP is under test: a fixed-price product, a customer the ERP knows (its
 * erpId is copied to the quote), and a buyer who orders it by purchase order. Placing it enqueues erp.submitOrder.
 */
export async function placeErpOrder(
  api: APIRequestContext,
  adminToken: string,
  pid: string,
  project: string,
): Promise<{ order: TQuote; buyer: { username: string; password: string }; token: string }> {
  const product = await call(api, adminToken, 'productManagement/createProduct', {
    input: {
      pid,
      Name: 'Dock leveller',
      ProductNumber: `DL-${randomUUID().slice(0, 8)}`,
      isNonConfigurable: true,
      defaultPrice: '420.00',
    },
  });
  const customer = await call(api, adminToken, 'customerManagement/createCustomer', {
    input: {
      pid,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@buyer.example.com',
      companyName: 'Hopper Logistics',
      erpId: ERP_CUSTOMER_ID,
    },
  });
  const buyer = { username: uniqueEmail('erp-buyer'), password: strongPassword(), firstName: 'Erin', lastName: 'Erp' };
  await call(api, adminToken, 'userManagement/createUser', {
    input: { ...buyer, pid, roleId: 'registered', checkoutType: 'order' },
  });
  const { token } = await apiSession(api, buyer);
  const created = await call(api, token, 'quoteManagement/createQuote', {
    input: { _id: randomUUID(), name: project },
  });
  await call(api, token, 'quoteManagement/createLine', {
    input: { _id: randomUUID(), quoteId: created.id, productId: product.ID, quantity: 2 },
  });
  const fresh = await call(api, token, 'quoteManagement/getQuote', { id: created.id });
  const quote = await call(api, token, 'quoteManagement/setQuoteCustomer', {
    quoteId: fresh.id,
    customerId: customer.id,
    version: fresh.version,
  });
  const order = await call(api, token, 'quoteManagement/placeOrder', {
    id: quote.id,
    version: quote.version,
    poNumber: `PO-${project}`,
  });
  return { order, buyer, token };
}
