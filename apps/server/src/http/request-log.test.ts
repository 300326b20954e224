import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';

async function linesAt(level: string): Promise<string[]> {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      callback();
    },
  });
  const t = await createTestApp({ logStream, logLevel: level });
  try {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/healthz?probe=1' });
    await t.call('auth/login', { username: 'nobody@example.com', password: 'Wrong#Pass1' });
    return [...lines];
  } finally {
    await t.close();
  }
}

describe('the request log', () => {
  it('is quiet at the default level (info)', async () => {
    expect(await linesAt('info')).toEqual([]);
  });

  it('has one line per request at debug, without the query string (the control)', async () => {
    const lines = (await linesAt('debug')).filter((line) => line.includes('request completed'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"url":"/healthz"');
    expect(lines.join('')).not.toContain('probe=1');
  });
});
