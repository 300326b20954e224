import { describe, expect, it } from 'vitest';
import { ZId, ZPagedQuery, ZVersion } from './common';
import { isDatabaseId, PG_INT_MAX } from './limits';
import { msgNoLargerThan } from './messages';

describe('numbers bound to 32-bit columns', () => {
  it('PG_INT_MAX is the largest PostgreSQL integer', () => {
    expect(PG_INT_MAX).toBe(2 ** 31 - 1);
  });

  it('ids, versions and offsets take up to PG_INT_MAX and refuse past it with the field message first', () => {
    for (const schema of [ZId, ZVersion, ZPagedQuery.shape.offset]) {
      expect(schema.safeParse(PG_INT_MAX).success).toBe(true);
      for (const value of [2 ** 31, 2 ** 53 - 1, 2 ** 53, 1e20, 1e308]) {
        const result = schema.safeParse(value);
        expect(result.error?.issues[0]?.message, String(value)).toBe(msgNoLargerThan(PG_INT_MAX));
      }
    }
    expect(msgNoLargerThan(PG_INT_MAX)).toBe('This field can be no larger than 2,147,483,647');
  });

  it('ids refuse zero, negative zero, negatives and fractions', () => {
    for (const value of [0, -0, -1, 1.5]) expect(ZId.safeParse(value).success, String(value)).toBe(false);
  });

  it('isDatabaseId says the same as ZId', () => {
    for (const value of [1, 42, PG_INT_MAX, 0, -0, -1, 1.5, 2 ** 31, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isDatabaseId(value), String(value)).toBe(ZId.safeParse(value).success);
    }
  });
});
