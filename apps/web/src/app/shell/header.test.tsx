import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeUser, renderWithApp } from '../../test/render';
import { Header } from './header';
import { getNavLinks } from './nav-links';

const labelsFor = (roleLevel: number | null) =>
  getNavLinks(roleLevel === null ? null : makeUser({ roleLevel })).map((link) => `${link.label} ${link.to}`);

describe('header links by role level', () => {
  afterEach(cleanup);

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

  it('renders the links in the main navigation and the username for a signed-in admin', async () => {
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
