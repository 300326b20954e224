import {
  MSG,
  msgAddedToQuote,
  msgNoSmallerThan,
  msgUpdatedOnQuote,
  type TStartResult,
  type TUiState,
  uiStateChanges,
} from '@cpq/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { makeState, withOption, withValue } from '../test/fixtures';
import { ConfiguratorPage } from './configurator-page';

const GUID = '0b5a1f9e-7c41-4d2b-9a8e-3f6c2d1e4b70';
const SIGNED_IN = makeSession({
  auth: { token: 't', expiresAt: 4_102_444_800, username: 'ada@example.com' },
  user: makeUser(),
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const started = (ui: TUiState, mode: TStartResult['prepare']['mode'] = 'Default'): TStartResult => ({
  prepare: {
    sessionId: GUID,
    productId: 6,
    productName: 'Industrial Sectional Door',
    productNumber: 'DR-1',
    imageUrl: '/door.svg',
    mode,
    currency: 'USD',
    modelVersion: 1,
    quoteId: null,
    lineId: null,
    isReconfigure: false,
  },
  initialize: { replayed: 0, dropped: [], previousModelVersion: null },
  ui,
  revision: 1,
});

const ok = (result: unknown) => ({ body: { success: true, result } });

function renderPage({
  ui = makeState(),
  mode = 'Default' as TStartResult['prepare']['mode'],
  route = `/Configurator/6/0/${GUID}`,
  session = SIGNED_IN,
  handlers = {} as Parameters<typeof mockApi>[0],
} = {}) {
  const fetchMock = mockApi({ 'configurator/start': () => ok(started(ui, mode)), ...handlers });
  renderWithApp(
    <>
      <Routes>
        <Route path="/Configurator" element={<ConfiguratorPage />} />
        <Route path="/Configurator/:productId/:quoteId/:configurationId?" element={<ConfiguratorPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
      <Location />
    </>,
    { route, session },
  );
  const bodies = (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith(`/api/v1/${path}`))
      .map(([, init]) => JSON.parse(String(init?.body)));
  return { fetchMock, bodies };
}

const widthField = () => screen.getByRole('textbox', { name: /Width \(mm\)/ });

describe('ConfiguratorPage', () => {
  it('points to the catalog on bare /Configurator', () => {
    renderPage({ route: '/Configurator' });
    expect(screen.getByRole('heading', { name: 'Choose a product to configure' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the product catalog' }).getAttribute('href')).toBe('/');
  });

  it("a refusal that trying again cannot change (an order's configuration) offers the way back, not Try again", async () => {
    renderPage({
      route: `/Configurator/6/42/${GUID}?configurationId=${GUID}`,
      handlers: {
        'configurator/start': () => ({
          status: 409,
          body: { success: false, error: MSG.orderConfigurationReadOnly, code: 'CONFLICT' },
        }),
      },
    });
    expect(await screen.findByText(MSG.orderConfigurationReadOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to #42' }).getAttribute('href')).toBe('/Quote/42');
    expect(screen.getByRole('link', { name: 'My Configurations' }).getAttribute('href')).toBe('/MyConfigurations');
  });

  it('gives a configuration without an id a new GUID in the URL', async () => {
    renderPage({ route: '/Configurator/6/0' });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toMatch(/^\/Configurator\/6\/0\/[0-9a-f-]{36}$/),
    );
  });

  it('starts with the route ids and shows price, tabs, image and Continue', async () => {
    const { bodies } = renderPage({ route: `/Configurator/6/12/${GUID}?lineNumber=2&LineId=9&headerId=H1` });
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText(MSG.totalPrice)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '1. Frame' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('img', { name: 'Industrial Sectional Door' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    const [start] = bodies('configurator/start');
    expect(start).toMatchObject({ configurationId: GUID, productId: 6, quoteId: 12, lineId: 9, lineNumber: 2 });
    expect(start.headerId).toBe('H1');
    expect(start.integrationParams).toContainEqual({ Name: 'QuoteId', SimpleValue: '12', IsNull: false, Type: 1 });
  });

  it('validates on Continue only, then sends the typed number without commas and moves to the next page', async () => {
    const next = makeState({ Pages: makeState().Pages.map((page) => ({ ...page })) });
    const { bodies } = renderPage({
      handlers: { 'configurator/configure': () => ok({ ui: next, revision: 2, changed: [] }) },
    });
    await screen.findByText('$1,234.50');
    fireEvent.change(widthField(), { target: { value: '100' } });
    expect(screen.queryByText(msgNoSmallerThan(500))).toBeNull();
    fireEvent.change(widthField(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.fieldRequired)).toBeTruthy();
    fireEvent.change(widthField(), { target: { value: '2,400' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '2. Extras' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(bodies('configurator/configure')).toEqual([{ sessionId: GUID, id: 'width', value: 2400, basedOn: 1 }]);
  });

  it('Tab submits a field: a value under the minimum shows its message and is not sent', async () => {
    const { bodies } = renderPage();
    await screen.findByText('$1,234.50');
    fireEvent.change(widthField(), { target: { value: '100' } });
    fireEvent.keyDown(widthField(), { key: 'Tab' });
    expect(await screen.findByText(msgNoSmallerThan(500))).toBeTruthy();
    expect(bodies('configurator/configure')).toEqual([]);
  });

  it("Tab with text that is no number says 'Must be a number.' and sends nothing", async () => {
    const { bodies } = renderPage();
    await screen.findByText('$1,234.50');
    fireEvent.change(widthField(), { target: { value: 'abc' } });
    fireEvent.keyDown(widthField(), { key: 'Tab' });
    expect(await screen.findByText(MSG.notANumber)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MSG.notANumber)).toBeTruthy();
    expect(bodies('configurator/configure')).toEqual([]);
    expect((widthField() as HTMLInputElement).value).toBe('abc');
  });

  it("shows the engine's refusal (400) beneath the field", async () => {
    renderPage({
      handlers: {
        'configurator/configure': () => ({
          status: 400,
          body: { success: false, error: 'This field can be no larger than 3000', code: 'VALIDATION_FAILED' },
        }),
      },
    });
    await screen.findByText('$1,234.50');
    fireEvent.change(widthField(), { target: { value: '2500' } });
    fireEvent.keyDown(widthField(), { key: 'Tab' });
    expect(await screen.findByText('This field can be no larger than 3000')).toBeTruthy();
  });

  it('sends a pick at once and toasts only the messages that are new', async () => {
    const critical = { Type: 'Critical', Value: 'Needs a structural review.' } as const;
    const warning = { Type: 'Warning', Value: 'Heavy to operate.' } as const;
    const after = makeState({ Messages: [critical, warning] });
    const { bodies } = renderPage({
      ui: withValue(makeState({ Messages: [critical] }), 'material', ''),
      handlers: { 'configurator/configure': () => ok({ ui: after, revision: 2, changed: [] }) },
    });
    expect(await screen.findByText(critical.Value)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Material/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Oak' }));
    expect(await screen.findByText(warning.Value)).toBeTruthy();
    expect(screen.getAllByText(critical.Value)).toHaveLength(1);
    expect(bodies('configurator/configure')).toEqual([{ sessionId: GUID, id: 'material', value: 'oak', basedOn: 1 }]);
  });

  it('shows an answer of changes applied to the state shown, and bases the next step on its revision', async () => {
    const ui = withValue(makeState(), 'material', '');
    const after = { ...withValue(ui, 'material', 'oak'), ConfiguredPrice: 1500, ConfiguredPriceCents: 150000 };
    const changes = uiStateChanges(ui, after);
    expect(changes?.ScreenOptions.map((option) => option.ID)).toEqual(['material']);
    const { bodies } = renderPage({
      ui,
      handlers: { 'configurator/configure': () => ok({ changes, revision: 5, changed: [] }) },
    });
    await screen.findByText('$1,234.50');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Material/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Oak' }));
    expect(await screen.findByText('$1,500.00')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Material/ }).textContent).toContain('Oak');
    fireEvent.change(widthField(), { target: { value: '2,400' } });
    fireEvent.keyDown(widthField(), { key: 'Tab' });
    await waitFor(() => expect(bodies('configurator/configure')).toHaveLength(2));
    expect(bodies('configurator/configure')).toEqual([
      { sessionId: GUID, id: 'material', value: 'oak', basedOn: 1 },
      { sessionId: GUID, id: 'width', value: 2400, basedOn: 5 },
    ]);
  });

  it('Cancel asks first, then goes to / when there is no quote', async () => {
    renderPage();
    await screen.findByText('$1,234.50');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(MSG.confirmCancel)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('shows Configuration Details with Part / Selection, currency for Type 5 and the total', async () => {
    renderPage();
    await screen.findByText('$1,234.50');
    fireEvent.click(screen.getByRole('button', { name: MSG.configurationDetails }));
    const dialog = await screen.findByRole('dialog', { name: MSG.configurationDetails });
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Part', 'Selection']);
    expect(within(dialog).getByRole('row', { name: 'Base price $1,234.50' })).toBeTruthy();
    expect(within(dialog).getByTestId('details-total').textContent).toBe('$1,234.50');
  });

  it('Finish adds the line, says so, reads the quote back and opens it', async () => {
    const complete = withValue(makeState({ IsExecutionComplete: true }), 'width', '2400');
    const { bodies } = renderPage({
      route: `/Configurator/6/42/${GUID}`,
      ui: complete,
      handlers: {
        'configurator/finish': () =>
          ok({ quoteId: 42, quoteType: 1, lineId: 3, partNumber: 'DOOR-OAK', price: 1234.5, isNewQuote: false }),
        'quoteManagement/getQuote': () => ok({ id: 42 }),
      },
    });
    await screen.findByText('$1,234.50');
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(msgAddedToQuote('DOOR-OAK', 42))).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Quote/42'));
    expect(bodies('configurator/finish')).toEqual([{ sessionId: GUID, quoteId: 42 }]);
    expect(bodies('quoteManagement/getQuote')).toEqual([{ id: 42 }]);
  });

  it("Finish after editing a saved configuration says 'Updated {partNumber} on Quote #{id}'", async () => {
    const complete = withValue(makeState({ IsExecutionComplete: true }), 'width', '2400');
    renderPage({
      route: `/Configurator/6/42/${GUID}?configurationId=${GUID}`,
      ui: complete,
      handlers: {
        'configurator/finish': () =>
          ok({
            quoteId: 42,
            quoteType: 1,
            lineId: 3,
            partNumber: 'DOOR-OAK',
            price: 1234.5,
            isNewQuote: false,
            isLineUpdated: true,
          }),
        'quoteManagement/getQuote': () => ok({ id: 42 }),
      },
    });
    await screen.findByText('$1,234.50');
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByText(msgUpdatedOnQuote('DOOR-OAK', 42))).toBeTruthy();
    expect(msgUpdatedOnQuote('DOOR-OAK', 42)).toBe('Updated DOOR-OAK on Quote #42');
    expect(screen.queryByText(msgAddedToQuote('DOOR-OAK', 42))).toBeNull();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Quote/42'));
  });

  it('Review mode: the mode title, no tabs, no image, and Create Quote once complete', async () => {
    renderPage({ ui: makeState({ IsExecutionComplete: true }), mode: 'Review' });
    expect(await screen.findByText('Review')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Industrial Sectional Door' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Quote' })).toBeTruthy();
    expect(screen.queryByText('$1,234.50')).toBeNull();
  });

  it('asks a visitor for an e-mail, validates on submit, creates the account and stays on the page', async () => {
    const startSession = vi.fn();
    const visitor = { token: 'v', expiresAt: 4_102_444_800, user: makeUser({ username: 'vic@example.com' }) };
    const { bodies } = renderPage({
      route: `/Configurator/6/0/${GUID}?email=vic`,
      session: makeSession({ startSession }),
      handlers: { 'configurator/createVisitor': () => ok(visitor) },
    });
    expect(await screen.findByText(MSG.emailToSave)).toBeTruthy();
    const email = screen.getByRole('textbox', { name: /Email Address/ }) as HTMLInputElement;
    expect(email.value).toBe('vic');
    expect(screen.queryByText(MSG.invalidEmail)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Start configuring' }));
    expect(await screen.findByText(MSG.invalidEmail)).toBeTruthy();
    fireEvent.change(email, { target: { value: 'vic@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start configuring' })));
    await waitFor(() =>
      expect(startSession).toHaveBeenCalledWith(visitor, false, `/Configurator/6/0/${GUID}?email=vic`),
    );
    expect(bodies('configurator/createVisitor')).toEqual([{ email: 'vic@example.com' }]);
    expect(bodies('configurator/start')).toEqual([]);
  });

  it('tells a visitor whose address has an account to sign in', async () => {
    renderPage({
      session: makeSession(),
      handlers: {
        'configurator/createVisitor': () => ({
          status: 409,
          body: { success: false, error: MSG.usernameTaken, code: 'CONFLICT' },
        }),
      },
    });
    fireEvent.change(await screen.findByRole('textbox', { name: /Email Address/ }), {
      target: { value: 'ada@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start configuring' }));
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe('/Login');
  });

  it('auto-continue 3 moves to the next page after the answer', async () => {
    const ui = withOption(withValue(makeState(), 'material', ''), 'material', { AutoContinueMode: 3 });
    const { bodies } = renderPage({
      ui,
      handlers: { 'configurator/configure': () => ok({ ui, revision: 2, changed: [] }) },
    });
    await screen.findByText('$1,234.50');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Material/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Oak' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '2. Extras' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(bodies('configurator/configure')).toHaveLength(1);
  });

  it('auto-continue 2 sends the value a second time when the engine keeps the focus on the option', async () => {
    const ui = withOption(withValue(makeState(), 'material', ''), 'material', { AutoContinueMode: 2 });
    const answer = { ...ui, OptionToFocus: 'material' };
    const { bodies } = renderPage({
      ui,
      handlers: { 'configurator/configure': () => ok({ ui: answer, revision: 2, changed: [] }) },
    });
    await screen.findByText('$1,234.50');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Material/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Oak' }));
    await waitFor(() => expect(bodies('configurator/configure')).toHaveLength(2));
    expect(bodies('configurator/configure')[1]).toEqual({ sessionId: GUID, id: 'material', value: 'oak', basedOn: 2 });
    expect(screen.getByRole('tab', { name: '1. Frame' }).getAttribute('aria-selected')).toBe('true');
  });

  it('says when a saved configuration is being edited', async () => {
    const saved = started(makeState());
    mockApi({ 'configurator/start': () => ok({ ...saved, prepare: { ...saved.prepare, isReconfigure: true } }) });
    renderWithApp(
      <Routes>
        <Route path="/Configurator/:productId/:quoteId/:configurationId" element={<ConfiguratorPage />} />
      </Routes>,
      { route: `/Configurator/6/0/${GUID}?configurationId=${GUID}`, session: SIGNED_IN },
    );
    expect(await screen.findByText('Editing a saved configuration')).toBeTruthy();
  });

  it('Tab with the value the engine already has sends nothing', async () => {
    const { bodies } = renderPage({ ui: withValue(makeState(), 'width', '2400') });
    await screen.findByText('$1,234.50');
    fireEvent.change(widthField(), { target: { value: '2,400' } });
    fireEvent.keyDown(widthField(), { key: 'Tab' });
    await waitFor(() => expect((widthField() as HTMLInputElement).value).toBe('2400'));
    expect(bodies('configurator/configure')).toEqual([]);
  });

  it('a Review step that prints the document instead of adding a line says the quote was updated', async () => {
    renderPage({
      route: `/Configurator/31/42/${GUID}`,
      mode: 'Review',
      ui: withValue(makeState({ IsExecutionComplete: true }), 'width', '2400'),
      handlers: {
        'configurator/finish': () =>
          ok({ quoteId: 42, quoteType: 1, lineId: null, partNumber: 'QUOTE', price: 0, isNewQuote: false }),
        'quoteManagement/getQuote': () => ok({ id: 42 }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Quote' }));
    expect(await screen.findByText('Updated Quote #42')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Quote/42'));
  });

  it('the SO write-up places the order: it says so and opens the order', async () => {
    renderPage({
      route: `/Configurator/33/42/${GUID}`,
      mode: 'SOWriteup',
      ui: withValue(makeState({ IsExecutionComplete: true }), 'width', '2400'),
      handlers: {
        'configurator/finish': () =>
          ok({ quoteId: 42, quoteType: 2, lineId: null, partNumber: 'SO-WRITEUP', price: 0, isNewQuote: false }),
        'quoteManagement/getQuote': () => ok({ id: 42 }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create Order' }));
    expect(await screen.findByText('Order #42 placed.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Quote/42'));
  });
});
