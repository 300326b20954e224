import { describe, expect, it } from 'vitest';
import html from '../../../index.html?raw';
import { PALETTE } from './theme';

/** The `--boot-*` custom properties of every CSS block whose selector (the text just before its brace) matches. */
function bootColours(selector: RegExp): Record<string, string>[] {
  const blocks = [...html.matchAll(/([^{}]+)\{([^{}]*--boot-[^{}]*)\}/g)].filter(([, head]) =>
    selector.test((head ?? '').trim()),
  );
  return blocks.map(([, , body]) =>
    Object.fromEntries(
      [...(body ?? '').matchAll(/--boot-([a-z]+):\s*([^;]+);/g)].map(([, name, value]) => [name, value]),
    ),
  );
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
  it('paints the light theme colours before the app runs', () => {
    expect(bootColours(/(^|\s):root$/)).toEqual([expected('light')]);
  });

  it('paints the dark theme colours for the system preference and for the Dark Mode toggle', () => {
    const dark = bootColours(/\[data-mode='(light|dark)'\]\)?$/);
    expect(dark).toEqual([expected('dark'), expected('dark')]);
  });
});
