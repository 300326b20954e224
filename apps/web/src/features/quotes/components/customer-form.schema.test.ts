import { MSG, type TAddress } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { addressSave, contactSave, missingAddressFields } from './customer-form.schema';

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
  it('sends nothing for an unchanged address', () => {
    expect(addressSave('billingAddress', TYPED, SAVED)).toEqual({ kind: 'none' });
  });

  it('saves a half-typed address as typed, with the missing fields empty', () => {
    expect(addressSave('billingAddress', { ...TYPED, State: '' }, null)).toEqual({
      kind: 'save',
      patch: {
        billingAddress: {
          Address: '1 Main St',
          Address2: null,
          City: 'Austin',
          State: '',
          Zip: '78701',
          sameAsShipping: false,
        },
      },
      errors: [],
    });
    expect(missingAddressFields({ ...SAVED, State: '', City: '' })).toEqual(['City', 'State']);
    expect(missingAddressFields(SAVED)).toEqual([]);
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
      errors: [],
    });
  });

  it('removes a saved address once emptied', () => {
    const empty = { Address: '', Address2: '', City: '', State: '', Zip: '' };
    expect(addressSave('shippingAddress', empty, SAVED)).toEqual({ kind: 'save', patch: { shippingAddress: null } });
  });

  it('checks the zip with the spec’s message, and still saves the fields that are right', () => {
    for (const Zip of ['123', '78701-1234']) {
      expect(addressSave('shippingAddress', { ...TYPED, Zip }, null)).toEqual({
        kind: 'save',
        patch: { shippingAddress: { Address: '1 Main St', Address2: null, City: 'Austin', State: 'TX', Zip: '' } },
        errors: [{ path: 'shippingAddress.Zip', message: MSG.zipFormat }],
      });
    }
    // Nothing right changed: only the message.
    expect(addressSave('shippingAddress', { ...TYPED, Zip: '78701-1234' }, { ...SAVED, AddressType: 2 })).toEqual({
      kind: 'invalid',
      errors: [{ path: 'shippingAddress.Zip', message: MSG.zipFormat }],
    });
  });
});
