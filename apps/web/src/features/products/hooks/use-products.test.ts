import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, requestBodies } from '../../../test/render';
import { findProduct } from './use-products';

const PRODUCT = { ID: 7, ProductNumber: '99999999999', Name: 'Long part number' };

describe('findProduct', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads an all-digit part number past the id range as a part number, not as an id', async () => {
    const fetchMock = mockApi({
      'productManagement/getProduct': () => ({
        status: 400,
        body: { success: false, error: 'This field can be no larger than 2,147,483,647', code: 'VALIDATION_FAILED' },
      }),
      'productManagement/getProducts': () => ({ body: { success: true, result: { rows: [PRODUCT], count: 1 } } }),
    });
    await expect(findProduct('99999999999')).resolves.toMatchObject({ ID: 7 });
    expect(requestBodies(fetchMock, 'productManagement/getProduct')).toEqual([]);
  });

  it('tries a number in the id range as an id first', async () => {
    const fetchMock = mockApi({
      'productManagement/getProduct': () => ({
        body: { success: true, result: { ...PRODUCT, ProductNumber: 'P-12' } },
      }),
    });
    await expect(findProduct('7')).resolves.toMatchObject({ ID: 7 });
    expect(requestBodies(fetchMock, 'productManagement/getProduct')).toEqual([{ id: 7 }]);
  });
});
