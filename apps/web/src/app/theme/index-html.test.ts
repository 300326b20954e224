import { describe, expect, it } from 'vitest';
import html from '../../../index.html?raw';
import { PALETTE } from './theme';

/** The boot frame's `--boot-<name>: light-dark(<light>, <dark>)` colours in index.html. */
function bootColours(): Record<'light' | 'dark', Record<string, string>> {
  const pairs = [
    ...html.matchAll(/--boot-([a-z]+):\s*light-dark\((#[0-9a-f]+|rgba\([^)]*\)),\s*(#[0-9a-f]+|rgba\([^)]*\))\);/g),
  ];
  return {
    light: Object.fromEntries(pairs.map(([, name, light]) => [name, light])),
    dark: Object.fromEntries(pairs.map(([, name, , dark]) => [name, dark])),
  };
}

function expected(mode: 'light' | 'dark'): Record<string, string> {
  const colours = PALETTE[mode];
  return {
    background: colours.background.default.toLowerCase(),
    paper: colours.background.paper.toLowerCase(),
    text: colours.text.primary.toLowerCase(),
    primary: colours.primary.main.toLowerCase(),
    divider: colours.divider,
  };
}

describe('index.html first paint', () => {
  it.each(['light', 'dark'] as const)('paints the %s theme colours before the app runs', (mode) => {
    expect(bootColours()[mode]).toEqual(expected(mode));
  });
});
