import type { TAddress, TQuote } from '@cpq/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { makeQuote } from '../quote-fixtures.test-support';
import { CustomerTab } from './customer-tab';

const billing: TAddress = {
  version: 1,
  id: 4,
  Address: '4100 Industrial Blvd',
  Address2: null,
  City: 'Austin',
  State: 'TX',
  Zip: '78701',
  Country: 'United States',
  CountryCode: 'US',
  AddressType: 1,
  customerId: null,
  sameAsShipping: true,
  pid: 'default',
};
const sameAddress = makeQuote({ sameAsBilling: true, billingAddress: billing });
const twoAddresses = makeQuote({
  version: sameAddress.version + 1,
  sameAsBilling: false,
  billingAddress: { ...billing, sameAsShipping: false },
});

/** The tab over a quote that the page reads again when asked (`onReload`), as the quote page does. */
function Harness({ reloaded, onReloaded }: { reloaded: TQuote; onReloaded?: () => void }) {
  const [quote, setQuote] = useState(sameAddress);
  return (
    <CustomerTab
      quote={quote}
      onReload={async () => {
        setQuote(reloaded);
        onReloaded?.();
        return reloaded;
      }}
    />
  );
}

const box = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Shipping address is the same as billing' });

describe('CustomerTab: shipping address is the same as billing', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('follows the click at once, saves both flags, and keeps the shipping form once the quote is read again', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The save is answered only when the test says so: until then the box shows the click, not the quote.
    const fetchMock = mockApi({
      'quoteManagement/updateQuote': async () => {
        await gate;
        return { body: { success: true, result: twoAddresses } };
      },
    });
    const onReloaded = vi.fn();
    renderWithApp(<Harness reloaded={twoAddresses} onReloaded={onReloaded} />);
    expect(box().checked).toBe(true);

    fireEvent.click(box());
    // In the click's own render: a controlled box whose state changed only later was put back (ticked) first.
    expect(box().checked).toBe(false);
    expect(screen.getByRole('region', { name: 'Shipping Address' })).toBeTruthy();
    await act(async () => release());
    await waitFor(() => expect(onReloaded).toHaveBeenCalledOnce());
    await waitFor(() => expect(box().disabled).toBe(false));
    expect(box().checked).toBe(false);
    expect(requestBodies(fetchMock, 'quoteManagement/updateQuote')).toMatchObject([
      { id: sameAddress.id, input: { sameAsBilling: false, billingAddress: { sameAsShipping: false } } },
    ]);
  });

  it('goes back to what the quote says when the save fails', async () => {
    mockApi({
      'quoteManagement/updateQuote': () => ({
        status: 500,
        body: { success: false, code: 'INTERNAL', error: 'The database did not answer.' },
      }),
    });
    renderWithApp(<Harness reloaded={twoAddresses} />);
    fireEvent.click(box());
    expect(box().checked).toBe(false);
    expect(await screen.findByText(/The database did not answer/)).toBeTruthy();
    await waitFor(() => expect(box().checked).toBe(true));
    expect(screen.queryByRole('region', { name: 'Shipping Address' })).toBeNull();
  });
});
