import type { TConfiguration } from '@cpq/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { ConfigurationCard } from './configuration-card';

const ID = '0b5a1f9e-7c41-4d2b-9a8e-3f6c2d1e4b70';

function makeConfiguration(overrides: Partial<TConfiguration> = {}): TConfiguration {
  return {
    id: ID,
    productId: 3,
    productName: 'Industrial Door',
    productNumber: 'DOOR',
    imageUrl: '/models/images/door.svg',
    modelVersion: 1,
    choices: [],
    username: 'ada@example.com',
    pid: 'default',
    quoteId: 17,
    lineId: 4,
    isComplete: true,
    partNumber: 'DOOR-R-3020',
    description: 'Roll-up door',
    price: 4321.5,
    createdDate: '2026-03-04T15:00:00.000Z',
    updatedAt: '2026-03-04T15:00:00.000Z',
    ...overrides,
  };
}

const renderCard = (configuration: TConfiguration) =>
  renderWithApp(
    <ul>
      <ConfigurationCard configuration={configuration} />
    </ul>,
  );

describe('ConfigurationCard', () => {
  afterEach(cleanup);

  it('shows image, product, part number, price, date and quote, and reopens in reconfigure mode', () => {
    renderCard(makeConfiguration());
    const card = screen.getByRole('link', { name: /^Reopen Industrial Door configuration from 03\/04\/2026$/ });
    expect(card.getAttribute('href')).toBe(`/Configurator/3/17/${ID}?configurationId=${ID}`);
    expect(within(card).getByRole('img', { name: 'Image of Industrial Door' }).getAttribute('src')).toBe(
      '/models/images/door.svg',
    );
    expect(within(card).getByText('Part # DOOR-R-3020')).toBeTruthy();
    expect(within(card).getByText('$4,321.50')).toBeTruthy();
    expect(within(card).getByText('03/04/2026')).toBeTruthy();
    expect(within(card).getByText('Quote #17')).toBeTruthy();
    const description = document.getElementById(card.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('Part # DOOR-R-3020');
    expect(description?.textContent).toContain('Quote #17');
  });

  it('an incomplete configuration off any quote says Incomplete and reopens on quote 0', () => {
    renderCard(makeConfiguration({ isComplete: false, partNumber: null, quoteId: null, lineId: null, price: null }));
    const card = screen.getByRole('link', { name: /^Reopen Industrial Door/ });
    expect(card.getAttribute('href')).toBe(`/Configurator/3/0/${ID}?configurationId=${ID}`);
    expect(within(card).getByText('Incomplete')).toBeTruthy();
    expect(within(card).queryByText(/^Quote #/)).toBeNull();
    expect(within(card).queryByText(/^Part #/)).toBeNull();
  });
});
