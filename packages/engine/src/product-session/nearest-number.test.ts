import { describe, expect, it } from 'vitest';
import { buildNumberDomain } from '../product/intervals';
import { nearestOnGrid } from './nearest-number';

/** 1,500 to 8,000 mm cut at 3,500 and 5,000 (after each): [1500, 3500], (3500, 5000], (5000, 8000]. */
const { intervals } = buildNumberDomain(
  'width',
  [
    { at: 3500, side: 'after' },
    { at: 5000, side: 'after' },
  ],
  1500,
  8000,
);
const [low, middle, high] = intervals as [(typeof intervals)[0], (typeof intervals)[0], (typeof intervals)[0]];
const bounds = { min: 1500, max: 8000, increment: 10 };

describe('nearestOnGrid', () => {
  it('clamps to a closed end and steps inside an open one', () => {
    expect(nearestOnGrid([low], bounds, 1500, 4000)).toBe(3500);
    expect(nearestOnGrid([middle], bounds, 1500, 3000)).toBe(3510);
    expect(nearestOnGrid([high], bounds, 1500, 9000)).toBe(8000);
  });

  it('rounds to the increment grid counted from the minimum, the smaller number on a tie', () => {
    const odd = { min: 1505, max: 8000, increment: 10 };
    expect(nearestOnGrid([middle], odd, 1505, 3000)).toBe(3505);
    expect(nearestOnGrid([low, middle], bounds, 1500, 3504)).toBe(3500);
    expect(nearestOnGrid([low, middle], bounds, 1500, 3505)).toBe(3500);
    expect(nearestOnGrid([low, middle], bounds, 1500, 3506)).toBe(3510);
  });

  it('keeps within the bounds and picks the closest of several intervals', () => {
    expect(nearestOnGrid([low, high], { ...bounds, max: 6000 }, 1500, 7000)).toBe(6000);
    expect(nearestOnGrid([low, high], bounds, 1500, 4200)).toBe(3500);
    expect(nearestOnGrid([low, high], bounds, 1500, 4300)).toBe(5010);
    expect(nearestOnGrid([], bounds, 1500, 4000)).toBeNull();
    expect(nearestOnGrid([high], { ...bounds, max: 4000 }, 1500, 4000)).toBeNull();
  });

  it('steps by fractions without float drift', () => {
    expect(nearestOnGrid([low], { min: 1500, max: 3500, increment: 0.1 }, 1500, 3600.04)).toBe(3500);
    expect(nearestOnGrid([middle], { min: 1500, max: 8000, increment: 0.1 }, 1500, 3000)).toBe(3500.1);
  });
});
