import { MSG } from '@cpq/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api';
import { makeSession, renderWithApp } from '../../../test/render';
import { signInReturnPath } from '../../auth/logic/return-path';
import { LoginPage } from '../../auth/pages/login-page';
import { VisitorEmailPrompt } from './visitor-email-prompt';

const CONFIGURATOR = '/Configurator/6/0/5e0c8a7b-2f1d-4c3e-8b9a-0d1e2f3a4b5c?email=ada';

/** Where a sign-in on /Login would go now. */
function ReturnPath() {
  return <output data-testid="return-path">{signInReturnPath(useLocation())}</output>;
}

describe('VisitorEmailPrompt', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('an address that has an account gets a sign-in link that keeps the address and comes back here', async () => {
    const taken = new ApiError(MSG.usernameTaken, 'CONFLICT', 409, []);
    renderWithApp(
      <Routes>
        <Route
          path="/Configurator/:productId/:quoteId/:configurationId"
          element={
            <VisitorEmailPrompt
              initialEmail="ada@example.com"
              isPending={false}
              error={taken}
              isExistingAccount
              onSubmit={() => undefined}
            />
          }
        />
        <Route
          path="/Login"
          element={
            <>
              <LoginPage />
              <ReturnPath />
            </>
          }
        />
      </Routes>,
      { route: CONFIGURATOR, session: makeSession() },
    );
    expect(screen.getByText(/An account with this email address already exists/)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    const signIn = within(screen.getByRole('region', { name: 'Sign in' }));
    const username = signIn.getByRole('textbox', { name: /Email Address|Username/ }) as HTMLInputElement;
    expect(username.value).toBe('ada@example.com');
    expect(screen.getByTestId('return-path').textContent).toBe(CONFIGURATOR);
  });
});
