import type { TQuote } from '@cpq/contracts';
import { msgRequestTakenBy } from '@cpq/contracts';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { makeQuote } from '../quote-fixtures.test-support';
import { QuotePage } from './quote-page';

const ok = (result: unknown) => ({ body: { success: true, result } });
const rep = makeUser({ id: 7, username: 'ada@example.com', roleLevel: 1 });
/** A visitor's open request: the visitor (user 40) owns it. */
const open = makeQuote({
  type: 3,
  createdByUserId: 40,
  createdByEmail: 'vic@visitor.example',
  requestedBy: 'vic@visitor.example',
  takenBy: null,
});
const taken = makeQuote({
  type: 3,
  version: open.version + 1,
  createdByUserId: rep.id,
  createdByEmail: rep.username,
  requestedBy: 'vic@visitor.example',
  takenBy: rep.username,
  contact: {
    id: null,
    firstName: null,
    lastName: null,
    email: 'vic@visitor.example',
    phone: null,
    altPhone: null,
    companyName: null,
  },
});

function renderRequest(quote: TQuote, handlers: Record<string, (body: unknown) => unknown> = {}, user = rep) {
  const fetchMock = mockApi({
    'quoteManagement/getQuote': () => ok(quote),
    'quoteManagement/getCommunications': () => ok({ rows: [], count: 0 }),
    'statusTypesMgmt/getStatusTypes': () => ok({ rows: [], count: 0 }),
    ...(handlers as Record<string, () => { body: unknown }>),
  });
  renderWithApp(
    <Routes>
      <Route path="/Quote/:quoteId" element={<QuotePage />} />
    </Routes>,
    { route: '/Quote/8', session: makeSession({ user }) },
  );
  return fetchMock;
}

describe('a quote request on the quote page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('a registered user reads an open request (Summary only) and takes it; then it is theirs to edit', async () => {
    const fetchMock = renderRequest(open, { 'quoteManagement/takeQuoteRequest': () => ok(taken) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote Request #8' })).toBeTruthy();
    expect(screen.getByText('Nobody has taken this quote request yet')).toBeTruthy();
    expect(screen.getByText(/From vic@visitor\.example\./)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(await screen.findByRole('article', { name: 'Quote summary' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Take Request' }));
    expect(await screen.findByText('This quote request is yours')).toBeTruthy();
    expect(requestBodies(fetchMock, 'quoteManagement/takeQuoteRequest')).toEqual([{ id: 8 }]);
    expect(screen.getByText(/it becomes a quote with them as the contact/)).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Lines',
      'Details',
      'Customer',
      'Summary',
    ]);
  });

  it('the owner converts it into a quote, against the version they see', async () => {
    const quote = makeQuote({ ...taken, type: 1, version: taken.version + 1, requestedBy: null, takenBy: null });
    const fetchMock = renderRequest(taken, { 'quoteManagement/convertQuoteRequest': () => ok(quote) });
    fireEvent.click(await screen.findByRole('button', { name: 'Convert to Quote' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote #8' })).toBeTruthy();
    expect(requestBodies(fetchMock, 'quoteManagement/convertQuoteRequest')).toEqual([
      { id: 8, version: taken.version },
    ]);
    expect(screen.queryByTestId('quote-request-banner')).toBeNull();
  });

  it('someone else’s request says who has it and offers nothing to do', async () => {
    const theirs = makeQuote({
      ...taken,
      createdByUserId: 99,
      createdByEmail: 'bob@example.com',
      takenBy: 'bob@example.com',
    });
    renderRequest(theirs);
    expect(await screen.findByText('Taken by bob@example.com')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take Request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Convert to Quote' })).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('a take that lost the race says who won and shows the request as it now is', async () => {
    const message = msgRequestTakenBy(8, 'bob@example.com');
    let reads = 0;
    const theirs = makeQuote({
      ...taken,
      createdByUserId: 99,
      createdByEmail: 'bob@example.com',
      takenBy: 'bob@example.com',
    });
    renderRequest(open, {
      'quoteManagement/getQuote': () => {
        reads += 1;
        return ok(reads === 1 ? open : theirs);
      },
      'quoteManagement/takeQuoteRequest': () => ({
        status: 409,
        body: { success: false, error: message, code: 'CONFLICT' },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Take Request' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await screen.findByText('Taken by bob@example.com')).toBeTruthy();
  });

  it('the visitor is told their request went to the sales team', async () => {
    const visitor = makeUser({ id: 40, username: 'vic@visitor.example', roleLevel: 0 });
    renderRequest(open, {}, visitor);
    expect(await screen.findByText('Your quote request has been sent')).toBeTruthy();
    expect(screen.getByText(/get in touch with you at vic@visitor\.example/)).toBeTruthy();
    expect(screen.getAllByRole('tab')).toHaveLength(4);
  });
});
