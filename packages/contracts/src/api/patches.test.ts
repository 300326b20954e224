import { describe, expect, it } from 'vitest';
import { ZAddressPatch, ZCustomerPatch, ZProductPatch, ZStatusTypePatch } from './reference-data';
import { ZUpdatePlatformRequest, ZUpdateRoleRequest } from './roles-platforms';
import { ZUpdateUserInput } from './users';

// An update names only the fields it changes: a default in a patch schema would overwrite what the user saved.
describe('update inputs fill in nothing that was not sent', () => {
  it.each([
    ['product', ZProductPatch],
    ['status type', ZStatusTypePatch],
    ['address', ZAddressPatch],
    ['customer', ZCustomerPatch],
    ['user', ZUpdateUserInput],
    ['role', ZUpdateRoleRequest.shape.input],
    ['platform', ZUpdatePlatformRequest.shape.input],
  ])('%s', (_name, schema) => {
    expect(schema.parse({})).toEqual({});
  });

  it('keeps a product description that the update does not send', () => {
    expect(ZProductPatch.parse({ Name: 'Door' })).toEqual({ Name: 'Door' });
  });
});
