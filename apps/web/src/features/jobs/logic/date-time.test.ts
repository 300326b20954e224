import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-time';

describe('formatDateTime', () => {
  it('is MM/DD/YYYY h:mm with AM or PM, in local time', () => {
    expect(formatDateTime(new Date(2026, 2, 4, 15, 5))).toBe('03/04/2026 3:05 PM');
    expect(formatDateTime(new Date(2026, 11, 31, 0, 0))).toBe('12/31/2026 12:00 AM');
    expect(formatDateTime(new Date(2026, 0, 9, 12, 30))).toBe('01/09/2026 12:30 PM');
  });

  it('shows an em dash for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
