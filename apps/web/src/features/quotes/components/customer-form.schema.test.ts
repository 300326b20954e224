import { MSG, type TAddress } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { addressSave, contactSave } from './customer-form.schema';

const SAVED: TAddress = {
  id: 4,
  version: 1,
  Address: '1 Main St',
  Address2: null,
  City: 'Austin',
  State: 'TX',
  Zip: '78701',
  Country: 'USA',
  CountryCode: 'US',
  AddressType: 1,
  customerId: null,
  sameAsShipping: false,
  pid: 'default',
};
const TYPED = { Address: '1 Main St', Address2: '', City: 'Austin', State: 'TX', Zip: '78701' };

describe('contactSave', () => {
  it('sends nothing when the field did not change, null when emptied, the value otherwise', () => {
    expect(contactSave('firstName', 'Ada', 'Ada')).toEqual({ kind: 'none' });
    expect(contactSave('firstName', '', 'Ada')).toEqual({ kind: 'save', patch: { firstName: null } });
    expect(contactSave('lastName', 'Lovelace', null)).toEqual({ kind: 'save', patch: { lastName: 'Lovelace' } });
  });

  it('refuses an invalid e-mail with the spec’s message', () => {
    expect(contactSave('email', 'not-an-email', null)).toEqual({
      kind: 'invalid',
      errors: [{ path: 'email', message: MSG.invalidEmail }],
    });
  });
});

describe('addressSave', () => {
  it('sends nothing for an unchanged or a half-typed address', () => {
    expect(addressSave('billingAddress', TYPED, SAVED)).toEqual({ kind: 'none' });
    expect(addressSave('shippingAddress', { ...TYPED, City: '' }, null)).toEqual({ kind: 'none' });
  });

  it('sends the whole address once complete, the billing one with its same-as-shipping', () => {
    expect(addressSave('billingAddress', { ...TYPED, City: 'Round Rock' }, SAVED, { sameAsShipping: true })).toEqual({
      kind: 'save',
      patch: {
        billingAddress: {
          Address: '1 Main St',
          Address2: null,
          City: 'Round Rock',
          State: 'TX',
          Zip: '78701',
          sameAsShipping: true,
        },
      },
    });
  });

  it('removes a saved address once emptied, and checks the zip', () => {
    const empty = { Address: '', Address2: '', City: '', State: '', Zip: '' };
    expect(addressSave('shippingAddress', empty, SAVED)).toEqual({ kind: 'save', patch: { shippingAddress: null } });
    expect(addressSave('shippingAddress', { ...TYPED, Zip: '123' }, null)).toEqual({
      kind: 'invalid',
      errors: [{ path: 'shippingAddress.Zip', message: MSG.zipFormat }],
    });
  });
});
