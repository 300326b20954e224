import { describe, expect, it } from 'vitest';
import { decideAutoContinue, type TAutoContinueInput } from './auto-continue';

const input = (overrides: Partial<TAutoContinueInput>): TAutoContinueInput => ({
  mode: 1,
  optionId: 'size',
  sendCount: 1,
  optionToFocus: 'colour',
  isLastOption: false,
  hasValue: true,
  visiblePages: [0, 1, 3],
  currentPage: 0,
  ...overrides,
});

describe('decideAutoContinue', () => {
  it('mode 0 and mode 1 send once and do nothing more', () => {
    expect(decideAutoContinue(input({ mode: 0, optionToFocus: 'size' }))).toEqual({ kind: 'none' });
    expect(decideAutoContinue(input({ mode: 1, optionToFocus: 'size' }))).toEqual({ kind: 'none' });
  });

  it('mode 2 sends a second time only when focus stays on the same option', () => {
    expect(decideAutoContinue(input({ mode: 2, optionToFocus: 'size' }))).toEqual({ kind: 'resend' });
    expect(decideAutoContinue(input({ mode: 2, optionToFocus: 'colour' }))).toEqual({ kind: 'none' });
    expect(decideAutoContinue(input({ mode: 2, optionToFocus: 'size', sendCount: 2 }))).toEqual({ kind: 'none' });
  });

  it('mode 2 on the last option with no value moves to the last page', () => {
    const step = decideAutoContinue(input({ mode: 2, isLastOption: true, hasValue: false, optionToFocus: 'size' }));
    expect(step).toEqual({ kind: 'goToPage', pageIndex: 3 });
    expect(decideAutoContinue(input({ mode: 2, isLastOption: true, hasValue: true }))).toEqual({ kind: 'none' });
    expect(decideAutoContinue(input({ mode: 2, isLastOption: true, hasValue: false, currentPage: 3 }))).toEqual({
      kind: 'none',
    });
  });

  it('mode 3 moves to the visible page after the one shown, and stays on the last', () => {
    expect(decideAutoContinue(input({ mode: 3, currentPage: 1 }))).toEqual({ kind: 'goToPage', pageIndex: 3 });
    expect(decideAutoContinue(input({ mode: 3, currentPage: 3 }))).toEqual({ kind: 'none' });
  });
});
