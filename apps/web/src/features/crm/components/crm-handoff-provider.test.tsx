import { MSG } from '@cpq/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { makeQuote } from '../../quotes/quote-fixtures.test-support';
import { CrmHandoffProvider } from './crm-handoff-provider';

const ok = (result: unknown) => ({ body: { success: true, result } });
const HANDOFF =
  '/?opportunityId=OPP1&opportunityName=Acme%20Lift&contactFirstName=Ann&contactLastName=Lee&contactEmail=ann@example.com&Zip=94105-1234&Address=1%20Main%20St%0ASuite%209&tab=2';

function Where() {
  const location = useLocation();
  // A parent state change re-renders the provider: it must not hand off again.
  const [, setTick] = useState(0);
  return (
    <button type="button" data-testid="where" onClick={() => setTick((tick) => tick + 1)}>
      {`${location.pathname}${location.search}`}
    </button>
  );
}

function renderHandoff(route: string, answer: { status?: number; body: unknown }, isSignedIn = true) {
  const fetchMock = mockApi({ 'quoteManagement/createQuoteInitiatedFromSalesforce': () => answer });
  renderWithApp(
    <CrmHandoffProvider>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </CrmHandoffProvider>,
    { route, session: makeSession(isSignedIn ? { user: makeUser() } : {}), isStrictMode: true },
  );
  return { calls: () => requestBodies(fetchMock, 'quoteManagement/createQuoteInitiatedFromSalesforce') };
}

describe('CRM hand-off', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('makes the quote once (StrictMode, re-renders), with every known parameter as text, then opens it', async () => {
    const { calls } = renderHandoff(HANDOFF, ok(makeQuote({ id: 41 })));
    expect(await screen.findByText(MSG.crmCreatingQuote)).toBeTruthy();
    expect(await screen.findByText('Successfully created Quote #: 41')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/Quote/41'));
    screen.getByTestId('where').click();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls()).toEqual([
      {
        salesPortalQuoteDTO: {
          opportunityId: 'OPP1',
          opportunityName: 'Acme Lift',
          contactFirstName: 'Ann',
          contactLastName: 'Lee',
          contactEmail: 'ann@example.com',
          Zip: '94105-1234',
          Address: '1 Main St\nSuite 9',
        },
      },
    ]);
  });

  it('on failure says why in the spec’s words and only removes the parameters', async () => {
    const { calls } = renderHandoff(HANDOFF, {
      status: 502,
      body: { success: false, code: 'UPSTREAM', error: 'Salesforce did not answer.' },
    });
    expect(await screen.findByText('Error creating a quote from salesforce: Salesforce did not answer.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/?tab=2'));
    expect(calls()).toHaveLength(1);
  });

  it('waits for a signed-in user, and ignores a query that is not a hand-off', async () => {
    const signedOut = renderHandoff(HANDOFF, ok(makeQuote({ id: 41 })), false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(signedOut.calls()).toEqual([]);
    expect(screen.getByTestId('where').textContent).toBe(HANDOFF);
    cleanup();
    const plain = renderHandoff('/QuoteDashboard?contactFirstName=Ann', ok(makeQuote({ id: 41 })));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(plain.calls()).toEqual([]);
    expect(screen.queryByText(MSG.crmCreatingQuote)).toBeNull();
  });
});
