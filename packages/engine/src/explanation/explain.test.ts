import { describe, expect, it } from 'vitest';
import { compileModel } from '../compile/compile';
import type { ModelConstraint, ProductModel } from '../model/model';
import { createSession } from '../session/session';

const single = (id: string, values: string[]) => ({
  id,
  caption: id,
  kind: 'single' as const,
  displayType: 'dropdown' as const,
  values: values.map((value) => ({ value })),
});
const allowed = (id: string, options: string[], tuples: string[][]): ModelConstraint => ({
  kind: 'table',
  id,
  options,
  semantics: 'allowed',
  tuples,
});
const holes = ['a', 'b', 'c'];
const distinct = holes.flatMap((one) => holes.filter((other) => other !== one).map((other) => [one, other]));

/**
 * Three pigeons in distinct holes; `few` = 'yes' closes hole c. Propagation cannot see that three pigeons do not
 * fit in two holes, so it cannot refute `few = yes`; `z` is unrelated.
 */
const pigeons = (extra: ModelConstraint[] = []): ProductModel => ({
  id: 'pigeons',
  name: 'Pigeons',
  version: 1,
  options: [
    single('p1', holes),
    single('p2', holes),
    single('p3', holes),
    single('few', ['no', 'yes']),
    single('z', ['0', '1']),
  ],
  pages: [],
  constraints: [
    allowed('p1-p2', ['p1', 'p2'], distinct),
    allowed('p1-p3', ['p1', 'p3'], distinct),
    allowed('p2-p3', ['p2', 'p3'], distinct),
    ...['p1', 'p2', 'p3'].map((p) =>
      allowed(`few-${p}`, ['few', p], [...holes.map((h) => ['no', h]), ['yes', 'a'], ['yes', 'b']]),
    ),
    allowed('z', ['z'], [['0']]),
    ...extra,
  ],
});

describe('explanation constraints', () => {
  it('names every table connected to a conflict that propagation cannot refute', () => {
    const explanation = createSession(compileModel(pigeons())).explain('few', 'yes');
    expect(explanation).toMatchObject({ isEnabled: false, canBeEnabled: false, conflict: [] });
    expect(explanation.constraints).toEqual(['p1-p2', 'p1-p3', 'p2-p3', 'few-p1', 'few-p2', 'few-p3']);
  });

  it('names every table when the model has no configuration at all', () => {
    const none = pigeons([allowed('none', ['z'], [])]);
    const explanation = createSession(compileModel(none)).explain('few', 'yes');
    expect(explanation.constraints).toEqual(none.constraints.map((c) => c.id));
  });
});
