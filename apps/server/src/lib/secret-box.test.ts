import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  const box = createSecretBox(new TextEncoder().encode('a-token-secret-that-is-long-enough-0123456789'));

  it('opens what it sealed, and the sealed text does not show the secret', () => {
    const sealed = box.seal('hunter2-Secret!');
    expect(sealed).not.toContain('hunter2');
    expect(box.open(sealed)).toBe('hunter2-Secret!');
    expect(box.seal('hunter2-Secret!')).not.toBe(sealed);
  });

  it('answers null for a tampered text or another key', () => {
    const sealed = box.seal('secret');
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = `${v}.${iv}.${tag}.${body?.startsWith('A') ? 'B' : 'A'}${body?.slice(1)}`;
    expect(box.open(flipped)).toBeNull();
    expect(
      createSecretBox(new TextEncoder().encode('another-secret-that-is-long-enough-01234567')).open(sealed),
    ).toBeNull();
    expect(box.open('garbage')).toBeNull();
  });
});
