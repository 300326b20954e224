import { MSG } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { joinAddressLines } from '../logic/address-lines';
import { addressFormDefaults, type TAddressForm, toAddressInput, ZAddressForm } from './address-form.schema';

const valid: TAddressForm = {
  ...addressFormDefaults(),
  Address: '1 Main St',
  City: 'Austin',
  State: 'TX',
  Zip: '78701',
};
const messages = (values: Partial<TAddressForm>) => {
  const result = ZAddressForm.safeParse({ ...valid, ...values });
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('address form', () => {
  it("says 'Incorrect format for Zip' for anything but a five-digit number", () => {
    for (const Zip of ['7870A', '78701-1234', '787011234', '7870']) {
      expect(messages({ Zip })).toEqual([`Zip: ${MSG.zipFormat}`]);
    }
    expect(messages({ Zip: ' 78701 ' })).toEqual([]);
  });

  it('takes the state from the US list', () => {
    expect(messages({ State: 'XX' as TAddressForm['State'] })).toHaveLength(1);
    expect(messages({ State: 'PR' })).toEqual([]);
  });

  it('keeps same-as-shipping only on billing addresses and sends an empty second line as null', () => {
    const shipping = toAddressInput(ZAddressForm.parse({ ...valid, AddressType: '2', sameAsShipping: true }));
    expect(shipping).toMatchObject({ AddressType: 2, sameAsShipping: false, Address2: null });
    const billing = toAddressInput(ZAddressForm.parse({ ...valid, AddressType: '1', sameAsShipping: true }));
    expect(billing).toMatchObject({ AddressType: 1, sameAsShipping: true });
  });

  it('joins the two address lines', () => {
    expect(joinAddressLines({ Address: '1 Main St', Address2: 'Suite 4' })).toBe('1 Main St, Suite 4');
    expect(joinAddressLines({ Address: '1 Main St', Address2: null })).toBe('1 Main St');
  });
});
