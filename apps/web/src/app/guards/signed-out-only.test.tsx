import { cleanup, screen } from '@testing-library/react';
import { type InitialEntry, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeSession, makeUser, renderWithApp } from '../../test/render';
import { SignedOutOnly } from './signed-out-only';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const signedIn = () =>
  makeSession({ auth: { token: 't', expiresAt: 4_102_444_800, username: 'ann@example.com' }, user: makeUser() });

function renderLogin(route: InitialEntry, session = signedIn()) {
  renderWithApp(
    <Routes>
      <Route
        path="/Login"
        element={
          <SignedOutOnly>
            <p>Sign in</p>
          </SignedOutOnly>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, session },
  );
}

describe('SignedOutOnly', () => {
  afterEach(cleanup);

  it('shows /Login to a signed-out visitor', () => {
    renderLogin('/Login', makeSession());
    expect(screen.getByText('Sign in')).toBeTruthy();
  });

  it('moves a signed-in user on to the quote dashboard', async () => {
    renderLogin('/Login');
    expect((await screen.findByTestId('where')).textContent).toBe('/QuoteDashboard');
  });

  it('moves a signed-in user on to the page the guard turned them away from, query included', async () => {
    // What the page shows when the session guard brings /Login back after a sign-in, before the router has moved on.
    renderLogin({ pathname: '/Login', state: { from: '/QuoteDashboard?opportunityId=OPP1' } });
    expect((await screen.findByTestId('where')).textContent).toBe('/QuoteDashboard?opportunityId=OPP1');
  });
});
