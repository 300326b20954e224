import { describe, expect, it } from 'vitest';
import { newMessages, toastKindOf } from './engine-messages';

const critical = { Type: 'Critical', Value: 'Needs review' } as const;
const warning = { Type: 'Warning', Value: 'Heavy' } as const;
const info = { Type: 'Information', Value: 'Tip' } as const;

describe('engine messages', () => {
  it('maps Critical to failure, Warning to warning and the rest to information', () => {
    expect(toastKindOf(critical)).toBe('error');
    expect(toastKindOf(warning)).toBe('warning');
    expect(toastKindOf(info)).toBe('info');
  });

  it('answers only messages the previous state did not have', () => {
    expect(newMessages(null, [critical, info])).toEqual([critical, info]);
    expect(newMessages([critical], [critical, warning])).toEqual([warning]);
    expect(newMessages([critical, warning], [warning])).toEqual([]);
    expect(newMessages([{ Type: 'Warning', Value: 'Needs review' }], [critical])).toEqual([critical]);
  });
});
