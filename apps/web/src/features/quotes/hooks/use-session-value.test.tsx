import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { commentDraftKey, quoteTabKey, useSessionValue } from './use-session-value';

describe('useSessionValue', () => {
  afterEach(() => window.sessionStorage.clear());

  it('keeps the value in session storage per quote and reads it back on the next mount', () => {
    const first = renderHook(() => useSessionValue(quoteTabKey(7)));
    act(() => first.result.current[1]('3'));
    expect(window.sessionStorage.getItem('quote:7:tab')).toBe('3');
    first.unmount();
    expect(renderHook(() => useSessionValue(quoteTabKey(7))).result.current[0]).toBe('3');
    expect(renderHook(() => useSessionValue(quoteTabKey(8))).result.current[0]).toBe('');
  });

  it('follows a change of key (another quote) and forgets an emptied draft', () => {
    window.sessionStorage.setItem(commentDraftKey(2), 'second draft');
    const hook = renderHook(({ id }) => useSessionValue(commentDraftKey(id)), { initialProps: { id: 1 } });
    act(() => hook.result.current[1]('first draft'));
    hook.rerender({ id: 2 });
    expect(hook.result.current[0]).toBe('second draft');
    act(() => hook.result.current[1](''));
    expect(window.sessionStorage.getItem('quote:2:comment')).toBeNull();
    hook.rerender({ id: 1 });
    expect(hook.result.current[0]).toBe('first draft');
  });
});
