import { ZId } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOUNDARY_NUMBERS, fullSample, fuzzBodies, seededRandom } from './fuzz-payloads';

describe('fuzz payloads', () => {
  it('send every boundary number, negative zero as -0, in the integer fields of a route', () => {
    const bodies = fuzzBodies(z.strictObject({ id: ZId }), 400, seededRandom(7));
    const sent = new Set(bodies.map((body) => /^\{"id":(-?[\d.e+]+)\}$/.exec(body)?.[1]).filter(Boolean));
    for (const value of BOUNDARY_NUMBERS) {
      const text = Object.is(value, -0) ? '-0' : JSON.stringify(value);
      expect(sent, text).toContain(text);
    }
  });

  it('find the integer fields of a body, optional and nested in lists and nullable unions too', () => {
    const schema = z.strictObject({
      id: ZId,
      name: z.string().optional(),
      lines: z.array(z.strictObject({ lineId: ZId.nullable().optional() })),
    });
    const { body, integerPaths } = fullSample(schema);
    expect(integerPaths).toEqual([['id'], ['lines', 0, 'lineId']]);
    expect(schema.safeParse(body).success).toBe(true);
  });
});
