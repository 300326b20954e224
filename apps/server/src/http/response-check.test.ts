import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROUTES, type TRoutePath, type TUiState, uiStateChanges, ZConfigureResult, ZStartResult } from '@cpq/contracts';
import { compileModel, createSession, parseModel } from '@cpq/engine';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_MODELS_DIR } from '../modules/products/demo-models';
import { checkResponse } from './response-check';

const ZLine = z.object({
  id: z.number().int().min(1),
  name: z.string(),
  note: z.string().max(5).nullable(),
  kind: z.enum(['part', 'service']),
  flag: z.literal(true).optional(),
  value: z.union([z.string(), z.number()]),
  tags: z.array(z.string()),
});
const ZDoc = z.object({ lines: z.array(ZLine), meta: z.unknown() });

const line = () => ({ id: 1, name: 'Bolt', note: null, kind: 'part', value: 3, tags: ['a'] });

/** What zod itself answers, for comparison. */
const byZod = (schema: z.ZodType, value: unknown) => schema.safeParse(value);

describe('checkResponse', () => {
  it('answers a result that is exactly its contract as it is, not a copy, equal to what zod answers', () => {
    const doc = { lines: [line(), { ...line(), flag: true, note: 'ok', value: 'x' }], meta: { any: [1] } };
    const checked = checkResponse(ZDoc, doc);
    expect(checked.success).toBe(true);
    expect(checked.data).toBe(doc);
    expect(checked.data).toEqual(byZod(ZDoc, doc).data);
  });

  it('leaves a result with a key the contract does not name to zod, which strips it', () => {
    const doc = { lines: [{ ...line(), passwordHash: 'secret' }], meta: null };
    const checked = checkResponse(ZDoc, doc);
    expect(checked.success).toBe(true);
    expect(checked.data).not.toBe(doc);
    expect(checked.data?.lines[0]).not.toHaveProperty('passwordHash');
    expect(checked.data).toEqual(byZod(ZDoc, doc).data);
  });

  it('leaves an optional field set to undefined to zod, whose answer it gives', () => {
    const doc = { lines: [{ ...line(), flag: undefined }], meta: null };
    const checked = checkResponse(ZDoc, doc);
    expect(checked.success).toBe(true);
    expect(checked.data).not.toBe(doc);
    expect(checked.data).toEqual(byZod(ZDoc, doc).data);
  });

  it('leaves a class instance to zod, which copies what its getters read into a plain object', () => {
    class Named {
      get name() {
        return 'Bolt';
      }
    }
    const schema = z.object({ name: z.string() });
    const instance = new Named();
    const checked = checkResponse(schema, instance);
    expect(checked.data).not.toBe(instance);
    expect(JSON.stringify(checked.data)).toBe('{"name":"Bolt"}');
  });

  it.each([
    ['a wrong type', { id: '1' }],
    ['a broken number check', { id: 0 }],
    ['a number that is not whole', { id: 1.5 }],
    ['a broken string check', { note: 'too long' }],
    ['a value outside the enum', { kind: 'other' }],
    ['a wrong literal', { flag: false }],
    ['a missing field', { name: undefined }],
    ['an object where the union wants a primitive', { value: { n: 1 } }],
    ['an infinite number', { value: Number.POSITIVE_INFINITY }],
  ])('fails as zod fails on %s', (_label, change) => {
    const doc = { lines: [{ ...line(), ...change }], meta: 1 };
    const checked = checkResponse(ZDoc, doc);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues).toEqual(byZod(ZDoc, doc).error?.issues);
  });

  it('tests format schemas as zod does (their rule is not among their checks)', () => {
    const schema = z.object({ id: z.uuid(), count: z.int(), mail: z.email() });
    const valid = { id: randomUUID(), count: 3, mail: 'ann@example.com' };
    expect(checkResponse(schema, valid).data).toBe(valid);
    for (const change of [{ id: 'not-a-uuid' }, { count: 1.5 }, { mail: 'ann' }]) {
      const value = { ...valid, ...change };
      expect(checkResponse(schema, value).success).toBe(false);
      expect(checkResponse(schema, value).error?.issues).toEqual(schema.safeParse(value).error?.issues);
    }
  });

  it('tests number bounds as zod does, open and closed', () => {
    const schema = z.object({ a: z.number().gt(0).lte(3), b: z.number().multipleOf(2) });
    for (const a of [0, 0.5, 3, 3.5]) {
      for (const b of [2, 3]) expect(checkResponse(schema, { a, b }).success).toBe(schema.safeParse({ a, b }).success);
    }
  });

  it('answers what zod makes of schemas that change their input (defaults, transforms)', () => {
    const schema = z.object({ a: z.string().default('x'), b: z.string().transform((text) => text.toUpperCase()) });
    expect(checkResponse(schema, { b: 'q' }).data).toEqual({ a: 'x', b: 'Q' });
  });

  it('leaves a schema that contains itself to zod', () => {
    const ZNode = z.object({
      name: z.string(),
      get children() {
        return z.array(ZNode);
      },
      get parent() {
        return ZNode.optional();
      },
    });
    const tree = { name: 'root', children: [{ name: 'leaf', children: [] }] };
    expect(checkResponse(ZNode, tree).data).toEqual(ZNode.parse(tree));
  });

  describe('a union of objects', () => {
    const ZWhole = z.object({ ui: z.object({ price: z.number() }), revision: z.number() });
    const ZChanges = z.object({ changes: z.object({ price: z.number() }), revision: z.number() });
    const ZAnswer = z.union([ZWhole, ZChanges]);

    it.each([
      ['its first member', { ui: { price: 1 }, revision: 2 }],
      ['a later member, when the value lacks a key every earlier one requires', { changes: { price: 1 }, revision: 2 }],
    ])('answers %s as it is', (_label, answer) => {
      const checked = checkResponse(ZAnswer, answer);
      expect(checked.data).toBe(answer);
      expect(checked.data).toEqual(ZAnswer.parse(answer));
    });

    it.each([
      ['with a key no member names (zod strips it)', { ui: { price: 1 }, revision: 2, secret: 'x' }],
      ['that fits an earlier member once stripped', { ui: { price: 1 }, changes: { price: 1 }, revision: 2 }],
      ['that fits no member', { changes: { price: '1' }, revision: 2 }],
    ])('leaves a value %s to zod', (_label, answer) => {
      const checked = checkResponse(ZAnswer, answer);
      expect(checked.data).not.toBe(answer);
      expect(checked).toEqual(ZAnswer.safeParse(answer));
    });

    it('leaves the pick to zod when an earlier member requires no key', () => {
      const ZLoose = z.union([z.object({ note: z.string().optional() }), ZChanges]);
      const answer = { changes: { price: 1 }, revision: 2 };
      const checked = checkResponse(ZLoose, answer);
      expect(checked.data).toEqual({});
      expect(checked.data).toEqual(ZLoose.parse(answer));
    });
  });

  it('builds a check for every route of the table without failing', () => {
    for (const path of Object.keys(ROUTES) as TRoutePath[]) {
      expect(checkResponse(ROUTES[path].response, undefined).success).toBe(
        ROUTES[path].response.safeParse(undefined).success,
      );
    }
  });

  it('sends the start and configure answers of a demo model as built (the hot paths take no copy)', () => {
    const json = JSON.parse(readFileSync(join(DEMO_MODELS_DIR, 'bicycle.json'), 'utf8'));
    const session = createSession(compileModel(parseModel(json)));
    const before = session.state() as TUiState;
    const configured = { ui: before, revision: 2, changed: [] };
    session.select('bikeType', 'road');
    const changes = uiStateChanges(before, session.state() as TUiState);
    const configuredChanges = { changes, revision: 3, changed: [] };
    const prepare = {
      ...{ sessionId: randomUUID(), productId: 7, productName: 'Bicycle', productNumber: 'BIKE-1', imageUrl: null },
      ...{ mode: 'Default', modelVersion: 1, quoteId: null, lineId: null, isReconfigure: false },
    };
    const initialize = { replayed: 0, dropped: [], previousModelVersion: null };
    const started = { prepare, initialize, ui: session.state(), revision: 3 };
    for (const [schema, result] of [
      [ZConfigureResult, configured],
      [ZConfigureResult, configuredChanges],
      [ZStartResult, started],
    ] as const) {
      const checked = checkResponse(schema, result);
      expect(checked.data).toBe(result);
      expect(checked.data).toEqual(schema.parse(result));
    }
  });
});
