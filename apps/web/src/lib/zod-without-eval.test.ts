import './zod-without-eval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, z } from 'zod';

describe('zod without eval', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes zod parse jitless, so an object schema never probes for eval', () => {
    expect(config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, 'Function');
    expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
    expect(probe).not.toHaveBeenCalled();
  });
});
