import type { TCustomer } from '@cpq/contracts';

/** 'First Last', or the company, or an em dash for the list's Name column. */
export function customerName(customer: Pick<TCustomer, 'firstName' | 'lastName' | 'companyName'>): string {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ');
  return name || customer.companyName || '';
}
