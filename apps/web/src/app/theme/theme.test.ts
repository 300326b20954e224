import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme, PALETTE } from './theme';

const AA = 4.5;

describe.each(['light', 'dark'] as const)('%s theme contrast (WCAG AA)', (mode) => {
  const colors = PALETTE[mode];
  const backgrounds = [colors.background.default, colors.background.paper];

  it.each(['primary', 'secondary', 'success', 'error', 'warning'] as const)('text on %s', (name) => {
    expect(getContrastRatio(colors[name].contrastText, colors[name].main)).toBeGreaterThanOrEqual(AA);
  });

  it('primary as text and body text on the backgrounds', () => {
    for (const background of backgrounds) {
      expect(getContrastRatio(colors.primary.main, background)).toBeGreaterThanOrEqual(AA);
      expect(getContrastRatio(colors.text.primary, background)).toBeGreaterThanOrEqual(AA);
      expect(getContrastRatio(colors.text.secondary, background)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('has the spec radius and breakpoints', () => {
    const theme = createAppTheme(mode);
    expect(theme.shape.borderRadius).toBe(15);
    expect(theme.breakpoints.values).toMatchObject({ sm: 360, md: 600, lg: 800, xl: 1000, xxl: 1200 });
  });

  it('fades every dialog in and out in 200 ms (spec section 9)', () => {
    expect(createAppTheme(mode).components?.MuiDialog?.defaultProps?.transitionDuration).toBe(200);
  });

  it('moves as MUI does, or not at all when motion is reduced', () => {
    const full = createAppTheme(mode);
    expect(full.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(full.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(full.transitions.getAutoHeightDuration(400)).toBeGreaterThan(0);
    expect(full.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);

    const reduced = createAppTheme(mode, 'reduced');
    expect(reduced.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(Object.values(reduced.transitions.duration)).toEqual(Array(7).fill(0));
    expect(reduced.transitions.getAutoHeightDuration(400)).toBe(0);
    expect(reduced.components?.MuiDialog?.defaultProps?.transitionDuration).toBe(0);
    expect(reduced.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    // Everything else is the same theme.
    expect(reduced.palette.primary.main).toBe(full.palette.primary.main);
    expect(reduced.breakpoints.values).toEqual(full.breakpoints.values);
  });
});
