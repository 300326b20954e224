import { compileModel, createSession, parseModel } from '@cpq/engine';
import { describe, expect, it } from 'vitest';
import type { TStoredConfiguration } from '../configurations/configurations.repository';
import { demoModel } from './configurator.test-support';
import { SessionCache } from './session-cache';

const compiled = compileModel(parseModel(demoModel('bicycle')));
const entry = (id: string) => ({ row: { id } as TStoredConfiguration, session: createSession(compiled), shown: null });

describe('SessionCache', () => {
  it('hands a session to one request at a time: take removes it until it is put back', () => {
    const cache = new SessionCache(4);
    const first = entry('a');
    cache.put(first);
    expect(cache.take('a')).toBe(first);
    expect(cache.take('a')).toBeUndefined();
    cache.put(first);
    expect(cache.take('a')).toBe(first);
  });

  it('keeps at most its capacity, evicting the least recently used', () => {
    const cache = new SessionCache(2);
    cache.put(entry('a'));
    cache.put(entry('b'));
    const a = cache.take('a');
    if (a) cache.put(a);
    cache.put(entry('c'));
    expect(cache.size).toBe(2);
    expect(cache.take('b')).toBeUndefined();
    expect(cache.take('a')).toBeDefined();
    expect(cache.take('c')).toBeDefined();
  });
});
