import { protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { bindExecuteSync, concat } from './frontend-messages';

const { serialize } = protocol;

/** PGlite's own serialization of the same three messages. */
const pgliteBytes = (statement: string, values: (string | null)[]): Uint8Array =>
  concat(serialize.bind({ statement, values }), serialize.execute({}), serialize.sync());

describe('bindExecuteSync', () => {
  it.each([
    ['no parameters', 'cpq_1', []],
    ['text, numbers and JSON', 'cpq_12', ['[{"optionId":"a","value":"x"}]', 'false', '100', 'a1b2', '7']],
    ['nulls and empty text', 'cpq_3', [null, '', null]],
    ['text beyond ASCII', 'cpq_256', ['Überhöhe 2½″ — 日本', '€']],
  ] as const)('writes the bytes PGlite does: %s', (_, statement, values) => {
    expect(bindExecuteSync(statement, values)).toEqual(pgliteBytes(statement, [...values]));
  });
});
