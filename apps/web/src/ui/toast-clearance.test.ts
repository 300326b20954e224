import { describe, expect, it } from 'vitest';
import { TOAST_DEFAULT_TOP_PX, toastColumn, toastTop } from './toast-clearance';

const box = (top: number, bottom: number, left = 0, right = 1280) => ({ top, bottom, left, right });
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 800 };

describe('toastTop', () => {
  it('starts below the lowest marked bar on screen that shares the toasts’ columns', () => {
    expect(toastTop([box(0, 68), box(68, 136)], desktop)).toBe(144);
    // The quote's buttons at the right; a bar only at the left does not push the toasts down.
    expect(toastTop([box(0, 68), box(100, 140, 1100, 1248), box(150, 400, 0, 300)], desktop)).toBe(148);
  });

  it('forgets bars scrolled out of view and never goes above the default', () => {
    expect(toastTop([box(-200, -40)], desktop)).toBe(TOAST_DEFAULT_TOP_PX);
    expect(toastTop([], phone)).toBe(TOAST_DEFAULT_TOP_PX);
  });

  it('keeps room for a toast however low the bars reach', () => {
    expect(toastTop([box(0, 790)], desktop)).toBe(680);
  });

  it('on phones the toasts may use the whole width', () => {
    expect(toastColumn(390)).toEqual({ left: 16, right: 374 });
    expect(toastTop([box(100, 150, 0, 60)], phone)).toBe(158);
  });
});
