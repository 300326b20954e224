import { describe, expect, it } from 'vitest';
import { parseExpression } from './parser';
import { satisfyingTuples } from './tuples';

const domains = {
  frame: ['carbon', 'alu', 'steel'],
  brakes: ['rim', 'disc'],
  lights: ['True', 'False'],
};
const tuples = (source: string, maxTuples = 100) => satisfyingTuples(parseExpression(source), domains, maxTuples);

describe('satisfyingTuples', () => {
  it('lowers an implication to its allowed combinations', () => {
    expect(tuples("frame = 'carbon' implies brakes != 'rim'")).toEqual({
      options: ['frame', 'brakes'],
      free: [],
      tuples: [
        ['carbon', 'disc'],
        ['alu', 'rim'],
        ['alu', 'disc'],
        ['steel', 'rim'],
        ['steel', 'disc'],
      ],
    });
  });

  it("reads checkbox values 'True'/'False' as booleans", () => {
    expect(tuples("lights implies brakes = 'disc'")?.tuples).toEqual([
      ['True', 'disc'],
      ['False', 'rim'],
      ['False', 'disc'],
    ]);
    expect(tuples("lights = true and frame in ['alu']")?.tuples).toEqual([['True', 'alu']]);
  });

  it('returns null when the product of domain sizes exceeds maxTuples', () => {
    expect(tuples("frame = 'alu' or brakes = 'rim' or lights", 11)).toBeNull();
    expect(tuples("frame = 'alu' or brakes = 'rim' or lights", 12)?.tuples).toHaveLength(10);
  });

  it('gives one empty tuple for a constant truth and none for a constant falsehood', () => {
    expect(tuples('1 < 2')).toEqual({ options: [], free: [], tuples: [[]] });
    expect(tuples('1 > 2')).toEqual({ options: [], free: [], tuples: [] });
  });

  it('reports options without a domain as free and reads them as unknown', () => {
    const table = tuples("frame = 'alu' or width > 10");
    expect(table).toMatchObject({ options: ['frame'], free: ['width'], tuples: [['alu']] });
  });

  it('sees every enumerated option as set (isSet, coalesce)', () => {
    expect(tuples("isSet(brakes) and coalesce(frame, 'x') = 'steel'")?.tuples).toEqual([
      ['rim', 'steel'],
      ['disc', 'steel'],
    ]);
  });

  it('reads parameters given at session start', () => {
    const expr = parseExpression("$state = 'CA' implies frame != 'carbon'");
    const inCalifornia = satisfyingTuples(expr, domains, 100, (name) => (name === 'state' ? 'CA' : null));
    expect(inCalifornia?.tuples).toEqual([['alu'], ['steel']]);
    expect(satisfyingTuples(expr, domains, 100, () => 'NY')?.tuples).toHaveLength(3);
  });

  it('handles an empty domain', () => {
    expect(satisfyingTuples(parseExpression("frame = 'a'"), { frame: [] }, 10)?.tuples).toEqual([]);
  });
});
