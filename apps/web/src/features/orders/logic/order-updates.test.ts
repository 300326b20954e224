import { describe, expect, it } from 'vitest';
import { applyContentChange, asContentChange, liveStatusLabel, NO_ORDER_UPDATES } from './order-updates';

const shipped = { id: 12, statusTypeId: 5, status: 'Shipped', version: 4 };

describe('order updates', () => {
  it('raises the counter by numItemsUpdated and keeps the newest status of each order', () => {
    const once = applyContentChange(NO_ORDER_UPDATES, { activeOrders: [shipped], numItemsUpdated: 1 });
    expect(once.counter).toBe(1);
    expect(once.statuses.get(12)).toEqual(shipped);
    const older = { ...shipped, status: 'Approved', statusTypeId: 3, version: 3 };
    const twice = applyContentChange(once, { activeOrders: [older], numItemsUpdated: 2 });
    expect(twice.counter).toBe(3);
    expect(twice.statuses.get(12)?.status).toBe('Shipped');
    expect(NO_ORDER_UPDATES.counter).toBe(0);
  });

  it('reads only well-formed payloads', () => {
    expect(asContentChange(null)).toBeNull();
    expect(asContentChange({ activeOrders: 'x', numItemsUpdated: 1 })).toBeNull();
    expect(asContentChange({ activeOrders: [shipped, { id: 'x' }], numItemsUpdated: 1 })).toEqual({
      activeOrders: [shipped],
      numItemsUpdated: 1,
    });
    // Quotes a customer changed through a quote link come along, the malformed left out.
    expect(
      asContentChange({ activeOrders: [], numItemsUpdated: 0, quotes: [{ id: 8, version: 5 }, { id: 'x' }] }),
    ).toEqual({ activeOrders: [], numItemsUpdated: 0, quotes: [{ id: 8, version: 5 }] });
  });

  it('shows the live label while it is current, else the row’s own', () => {
    expect(liveStatusLabel({ statusTypeId: 5, version: 4 }, shipped, 'Ordered')).toBe('Shipped');
    expect(liveStatusLabel({ statusTypeId: 2, version: 5 }, shipped, 'Submitted')).toBe('Submitted');
    // List rows carry no version: the live label counts when it is for the row's status type.
    expect(liveStatusLabel({ statusTypeId: 5 }, shipped, 'Ordered')).toBe('Shipped');
    expect(liveStatusLabel({ statusTypeId: 2 }, shipped, 'Submitted')).toBe('Submitted');
    expect(liveStatusLabel({ statusTypeId: 5 }, undefined, 'Ordered')).toBe('Ordered');
  });
});
