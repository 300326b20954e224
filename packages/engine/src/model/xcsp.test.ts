import { describe, expect, it } from 'vitest';
import { compileModel } from '../compile/compile';
import { createSession } from '../session/session';
import { EngineError } from './errors';
import { importXcsp } from './xcsp';

const INSTANCE = `<?xml version="1.0"?>
<instance>
<presentation name="tiny" format="XCSP 2.1"/>
<domains nbDomains="2">
<domain name="D0" nbValues="3">0..2</domain>
<domain nbValues="3" name="D1">
  1 5
  7
</domain>
</domains>
<variables nbVariables="3">
<variable name="a" domain="D0"/>
<variable domain="D1"  name="b" />
<variable name="c" domain="D0"/>
</variables>
<relations nbRelations="3">
<relation name="R0" arity="2" nbTuples="3" semantics="supports">0 1|1 5|
 2 7</relation>
<relation name="R1" arity="2" nbTuples="1" semantics="conflicts">0 0</relation>
<relation arity="2" name="R2" nbTuples="0" semantics="conflicts"/>
</relations>
<constraints nbConstraints="3">
<constraint name="C0" arity="2" scope="a b" reference="R0"/>
<constraint reference="R1" name="C1" arity="2" scope="a c"/>
<constraint name="C2" arity="2" scope="b c" reference="R2"/>
<constraint name="C3" arity="2" scope="c a" reference="R1"/>
</constraints>
</instance>`;

describe('importXcsp', () => {
  it('reads ranges, multi-line lists, shared and self-closing relations, both semantics', () => {
    const model = importXcsp(INSTANCE);
    expect(model.options.map((o) => [o.id, o.values?.map((v) => v.value)])).toEqual([
      ['a', ['0', '1', '2']],
      ['b', ['1', '5', '7']],
      ['c', ['0', '1', '2']],
    ]);
    expect(model.constraints).toEqual([
      {
        kind: 'table',
        id: 'C0',
        options: ['a', 'b'],
        semantics: 'allowed',
        tuples: [
          ['0', '1'],
          ['1', '5'],
          ['2', '7'],
        ],
      },
      { kind: 'table', id: 'C1', options: ['a', 'c'], semantics: 'forbidden', tuples: [['0', '0']] },
      { kind: 'table', id: 'C2', options: ['b', 'c'], semantics: 'forbidden', tuples: [] },
      { kind: 'table', id: 'C3', options: ['c', 'a'], semantics: 'forbidden', tuples: [['0', '0']] },
    ]);
    expect(model.pages[0]?.screens[0]?.options).toEqual(['a', 'b', 'c']);
    expect(createSession(compileModel(model)).count()).toBe(8n);
  });

  it('rejects intensional constraints with a clear error', () => {
    const intensional = INSTANCE.replace(
      '<relations',
      '<predicates nbPredicates="1"><predicate name="P0"/></predicates><relations',
    );
    expect(() => importXcsp(intensional)).toThrow(/intensional/);
    expect(() => importXcsp('<foo/>')).toThrow(EngineError);
  });

  it('rejects a constraint that references an unknown relation', () => {
    expect(() => importXcsp(INSTANCE.replace('reference="R2"', 'reference="P9"'))).toThrow(/P9/);
  });
});
