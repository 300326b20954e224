import { MSG, type TCustomer } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { customerFormDefaults, type TCustomerForm, toCustomerInput, ZCustomerForm } from './customer-form.schema';

const form = (values: Partial<TCustomerForm> = {}, billing: Partial<TCustomerForm['billingAddress']> = {}) => {
  const defaults = customerFormDefaults();
  return { ...defaults, erpId: 'C-1', ...values, billingAddress: { ...defaults.billingAddress, ...billing } };
};
const messages = (values: Partial<TCustomerForm>, billing: Partial<TCustomerForm['billingAddress']> = {}) => {
  const result = ZCustomerForm.safeParse(form(values, billing));
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('customer form', () => {
  it('requires the ERP ID and a valid e-mail when one is given', () => {
    expect(messages({ erpId: '' })).toEqual([`erpId: ${MSG.erpIdRequired}`]);
    expect(messages({ email: 'nope' })).toEqual([`email: ${MSG.invalidEmail}`]);
    expect(messages({ email: '' })).toEqual([]);
  });

  it('checks the billing address only once any of it is filled', () => {
    expect(messages({}, {})).toEqual([]);
    expect(messages({}, { Address: '1 Main St', City: 'Austin', State: 'TX', Zip: 'abc' })).toEqual([
      `billingAddress.Zip: ${MSG.zipFormat}`,
    ]);
  });

  it('sends empty text as null, leaves out an empty billing form, and removes a cleared one', () => {
    const values = ZCustomerForm.parse(form({ firstName: 'Ada' }));
    expect(toCustomerInput(values)).toEqual({
      firstName: 'Ada',
      lastName: null,
      companyName: null,
      email: null,
      phone: null,
      erpId: 'C-1',
      isDealer: false,
      priceListId: null,
    });
    expect(toCustomerInput(ZCustomerForm.parse(form({ isDealer: true }))).isDealer).toBe(true);
    expect(toCustomerInput(ZCustomerForm.parse(form({ priceListId: '7' }))).priceListId).toBe(7);
    expect(customerFormDefaults({ priceListId: 7 } as TCustomer).priceListId).toBe('7');
    const existing = { billingAddress: { id: 3 } } as unknown as TCustomer;
    expect(toCustomerInput(values, existing).billingAddress).toBeNull();
    const billed = ZCustomerForm.parse(form({}, { Address: '1 Main', City: 'Austin', State: 'TX', Zip: '78701' }));
    expect(toCustomerInput(billed).billingAddress).toMatchObject({ Zip: '78701', State: 'TX', sameAsShipping: false });
  });
});
