import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, renderWithApp, requestBodies } from '../../test/render';
import { Header } from './header';
import { getNavLinks } from './nav-links';

const labelsFor = (roleLevel: number | null) =>
  getNavLinks(roleLevel === null ? null : makeUser({ roleLevel })).map((link) => `${link.label} ${link.to}`);

describe('header links by role level', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('signed out: Login only', () => {
    expect(labelsFor(null)).toEqual(['Login /Login']);
  });

  it('level 0: no Quotes, Quote Requests, Orders or Administration', () => {
    expect(labelsFor(0)).toEqual([]);
  });

  it('level 1: Quotes, Quote Requests and Orders', () => {
    expect(labelsFor(1)).toEqual([
      'Quotes /QuoteDashboard',
      'Quote Requests /QuoteRequests',
      'Orders /Orders/ada%40example.com',
    ]);
  });

  it.each([5, 9])('level %i: Quotes, Quote Requests, Orders, Approvals and Administration', (level) => {
    expect(labelsFor(level)).toEqual([
      'Quotes /QuoteDashboard',
      'Quote Requests /QuoteRequests',
      'Orders /Orders/ada%40example.com',
      'Approvals /Approvals',
      'Administration /Administration',
    ]);
  });

  it('level 1: Approvals, with the count waiting, for a user a rule names (and not for one it does not)', () => {
    const user = makeUser({ roleLevel: 1 });
    expect(getNavLinks(user, { isApprover: false, waiting: 0 }).map((link) => link.label)).not.toContain('Approvals');
    expect(getNavLinks(user, { isApprover: true, waiting: 0 }).at(-1)).toEqual({
      label: 'Approvals',
      to: '/Approvals',
    });
    expect(getNavLinks(user, { isApprover: true, waiting: 2 }).at(-1)).toEqual({
      label: 'Approvals',
      to: '/Approvals',
      count: 2,
    });
  });

  it('asks the server whether a level-1 user approves, and links Approvals with the count', async () => {
    const fetchMock = mockApi({
      'quoteManagement/getMyApprovals': () => ({ body: { success: true, result: { isApprover: true, waiting: 3 } } }),
    });
    renderWithApp(<Header user={makeUser({ roleLevel: 1 })} isLoading={false} onSignOut={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const link = await within(nav).findByRole('link', { name: /^Approvals/ });
    expect(link.getAttribute('href')).toBe('/Approvals');
    expect(link.textContent).toContain('3 waiting');
    expect(requestBodies(fetchMock, 'quoteManagement/getMyApprovals')).toEqual([{}]);
  });

  it('renders the links in the main navigation and the username for a signed-in admin', async () => {
    mockApi({
      'quoteManagement/getMyApprovals': () => ({ body: { success: true, result: { isApprover: false, waiting: 0 } } }),
    });
    renderWithApp(<Header user={makeUser({ roleLevel: 5 })} isLoading={false} onSignOut={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Quotes', '/QuoteDashboard'],
      ['Quote Requests', '/QuoteRequests'],
      ['Orders', '/Orders/ada%40example.com'],
      ['Approvals', '/Approvals'],
      ['Administration', '/Administration'],
    ]);
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('renders Login for visitors and no user menu', () => {
    renderWithApp(<Header user={null} isLoading={false} onSignOut={() => undefined} />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/Login');
    expect(screen.queryByRole('button', { name: /ada@example.com/ })).toBeNull();
  });

  it('shows no links while the session loads', () => {
    renderWithApp(<Header user={null} isLoading onSignOut={() => undefined} />);
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('links the logo home', () => {
    renderWithApp(<Header user={null} isLoading={false} onSignOut={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Open CPQ home' }).getAttribute('href')).toBe('/');
  });

  it('the username dropdown offers My Configurations beside My Profile', async () => {
    renderWithApp(<Header user={makeUser({ roleLevel: 0 })} isLoading={false} onSignOut={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: /ada@example.com/ }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => [item.textContent, item.getAttribute('href')]);
    expect(items).toEqual([
      ['My Configurations', '/MyConfigurations'],
      ['My Profile', '/MyProfile/ada%40example.com'],
      ['Sign Out', null],
    ]);
  });
});
