import type { TIntegrationSettings, TPlatformView } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { ConnectionsSection } from './connections-section';

const ok = (result: unknown) => ({ body: { success: true, result } });

const platformOf = (integration: TPlatformView['integration']): TPlatformView => ({
  version: 1,
  id: 'acme',
  name: 'Acme',
  emailAddresses: 'ops@acme.example',
  integration,
  requireMFA: '0',
  requireHttps: '0',
  csiOrderCompleteString: 'Ordered',
});

const STORED: TIntegrationSettings = {
  pid: 'acme',
  erp: { baseUrl: 'https://erp.acme.example', config: 'ACME_PROD', username: 'cpq', hasPassword: true },
  crm: { instanceUrl: 'https://acme.my.salesforce.com', clientId: '3MVG9-key', hasClientSecret: true },
};
const NOTHING: TIntegrationSettings = { pid: 'acme', erp: null, crm: null };

type TAnswer = { status?: number; body: unknown };

function renderConnections(
  settings: TIntegrationSettings,
  integration: TPlatformView['integration'] = 'CSI',
  update?: (body: unknown) => TAnswer,
) {
  const fetchMock = mockApi({
    'platformManagement/getIntegrationSettings': () => ok(settings),
    'platformManagement/updateIntegrationSettings': update ?? (() => ok(settings)),
  });
  renderWithApp(<ConnectionsSection platform={platformOf(integration)} />, {
    session: makeSession({ user: makeUser({ roleLevel: 5, pid: 'acme' }) }),
  });
  return { saved: () => requestBodies(fetchMock, 'platformManagement/updateIntegrationSettings') };
}

const field = (name: string) => screen.getByLabelText(name, { exact: false }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /^Save/ }));

describe('Connections', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('fills what is stored but never a secret: a stored one says so, and an empty field keeps it (not sent)', async () => {
    const { saved } = renderConnections(STORED);
    expect(((await screen.findByLabelText('Base URL', { exact: false })) as HTMLInputElement).value).toBe(
      'https://erp.acme.example',
    );
    expect(field('Configuration (site)').value).toBe('ACME_PROD');
    expect(field('User name').value).toBe('cpq');
    expect(field('Password').value).toBe('');
    expect(field('Password').placeholder).toBe('Saved — leave empty to keep');
    expect((screen.getByRole('switch', { name: 'Connect to Salesforce' }) as HTMLInputElement).checked).toBe(true);
    expect(field('Consumer secret').value).toBe('');
    expect(field('Consumer secret').placeholder).toBe('Saved — leave empty to keep');
    type('User name', 'cpq-svc');
    save();
    expect(await screen.findByText('Successfully updated Connections')).toBeTruthy();
    expect(saved()).toEqual([
      {
        id: 'acme',
        erp: { baseUrl: 'https://erp.acme.example', config: 'ACME_PROD', username: 'cpq-svc' },
        crm: { instanceUrl: 'https://acme.my.salesforce.com', clientId: '3MVG9-key' },
      },
    ]);
  });

  it('sends a secret only when one is typed', async () => {
    const { saved } = renderConnections(STORED);
    await screen.findByLabelText('Password', { exact: false });
    type('Password', 'n3w-Secret');
    type('Consumer secret', 'sf-secret');
    save();
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toMatchObject({ erp: { password: 'n3w-Secret' }, crm: { clientSecret: 'sf-secret' } });
  });

  it('Salesforce off is the built-in CRM: saving sends crm: null; the ERP shows only for CSI and Visual', async () => {
    const { saved } = renderConnections(STORED, 'default');
    fireEvent.click(await screen.findByRole('switch', { name: 'Connect to Salesforce' }));
    expect(screen.getByText(/removes the stored Salesforce connection/)).toBeTruthy();
    expect(screen.queryByLabelText('Base URL', { exact: false })).toBeNull();
    save();
    await waitFor(() => expect(saved()).toEqual([{ id: 'acme', crm: null }]));
  });

  it('checks on submit with the request’s rules, under each field; an empty ERP never set is left alone', async () => {
    const { saved } = renderConnections(NOTHING, 'visual');
    expect(await screen.findByText('ERP (Visual)')).toBeTruthy();
    expect(field('Password').placeholder).toBe('');
    save();
    await waitFor(() => expect(saved()).toEqual([{ id: 'acme', crm: null }]));
    type('Base URL', 'erp.acme.example');
    save();
    expect(await screen.findByText('Enter the full address, starting with https://.')).toBeTruthy();
    expect(screen.getByText('Enter the configuration (site) name.')).toBeTruthy();
    expect(screen.getByText('Enter the user name.')).toBeTruthy();
    expect(saved()).toHaveLength(1);
  });

  it('a server field error shows under its field', async () => {
    renderConnections(NOTHING, 'CSI', () => ({
      status: 400,
      body: {
        success: false,
        code: 'VALIDATION_FAILED',
        error: 'Enter the ERP password.',
        details: [{ path: 'erp.password', message: 'Enter the ERP password.' }],
      },
    }));
    await screen.findByLabelText('Base URL', { exact: false });
    type('Base URL', 'https://erp.acme.example');
    type('Configuration (site)', 'ACME');
    type('User name', 'cpq');
    save();
    await waitFor(() => expect(screen.getAllByText('Enter the ERP password.').length).toBeGreaterThan(0));
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
  });
});
