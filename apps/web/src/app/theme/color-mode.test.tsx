import { useTheme } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubMediaQueries } from '../../test/render';
import { ColorModeProvider, DARK_MODE_KEY, useColorMode } from './color-mode';

function Probe() {
  const { mode, toggleMode } = useColorMode();
  return (
    <button type="button" onClick={toggleMode}>
      {mode}
    </button>
  );
}

describe('Dark Mode toggle', () => {
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
  });

  it('remembers the choice in session storage under darkMode', () => {
    render(
      <ColorModeProvider>
        <Probe />
      </ColorModeProvider>,
    );
    const initial = screen.getByRole('button').textContent;
    fireEvent.click(screen.getByRole('button'));
    const toggled = initial === 'dark' ? 'light' : 'dark';
    expect(screen.getByRole('button').textContent).toBe(toggled);
    expect(sessionStorage.getItem(DARK_MODE_KEY)).toBe(String(toggled === 'dark'));
  });

  it('starts from the remembered choice', () => {
    sessionStorage.setItem(DARK_MODE_KEY, 'true');
    render(
      <ColorModeProvider>
        <Probe />
      </ColorModeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('dark');
  });
});

/** Shows how the theme it is under moves a dialog's fade. */
function MotionProbe() {
  return <p>{useTheme().transitions.create('opacity')}</p>;
}

describe('reduced motion', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('follows the system: no transitions when it asks for reduced motion', () => {
    stubMediaQueries((query) => query === '(prefers-reduced-motion: reduce)');
    render(
      <ColorModeProvider>
        <MotionProbe />
      </ColorModeProvider>,
    );
    expect(screen.getByText('none')).toBeTruthy();
  });

  it('keeps them otherwise', () => {
    stubMediaQueries(() => false);
    render(
      <ColorModeProvider>
        <MotionProbe />
      </ColorModeProvider>,
    );
    expect(screen.getByText(/^opacity \d+ms/)).toBeTruthy();
  });
});
