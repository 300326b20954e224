import { describe, expect, it } from 'vitest';
import { deferred, sleep } from '../testing/wait';
import { SerialLock } from './serial-lock';

describe('SerialLock', () => {
  it('runs one function at a time, in the order they were handed in', async () => {
    const lock = new SerialLock();
    const log: string[] = [];
    let running = 0;
    let mostAtOnce = 0;
    const gates = [deferred(), deferred(), deferred()];
    const results = gates.map((gate, i) =>
      lock.run(async () => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        log.push(`start ${i}`);
        await gate.promise;
        log.push(`end ${i}`);
        running -= 1;
        return i;
      }),
    );
    // Released out of order: the second and third still wait for the first.
    gates[2]?.resolve();
    gates[1]?.resolve();
    await sleep(10);
    expect(log).toEqual(['start 0']);
    gates[0]?.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
    expect(mostAtOnce).toBe(1);
  });

  it('answers a failure to its own caller and goes on with the next function', async () => {
    const lock = new SerialLock();
    const failing = lock.run(async () => {
      throw new Error('refused');
    });
    const throwingAtOnce = lock.run(() => {
      throw new Error('thrown before any promise');
    });
    const next = lock.run(async () => 'next');
    await expect(failing).rejects.toThrow('refused');
    await expect(throwingAtOnce).rejects.toThrow('thrown before any promise');
    expect(await next).toBe('next');
  });
});
