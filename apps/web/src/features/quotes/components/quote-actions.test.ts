import { MSG, msgApprovalRequired } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { blockedAction, DETAILS_TAB, quoteButtons, tabIndexFrom, tabsOf } from './quote-actions';

const QUOTE = {
  id: 12,
  type: 1 as const,
  isLocked: false,
  currentPrintedDocument: null as string | null,
  quoteGenConfigId: null as string | null,
  soWriteUpConfigId: null as string | null,
  lineCount: 2,
  contact: { firstName: 'Ada', lastName: 'Lovelace' },
};
const guid = () => 'new-guid';
const printed = { ...QUOTE, currentPrintedDocument: 'quotes/12/quote-rev-1.pdf', quoteGenConfigId: 'cfg-31' };

describe('quoteButtons', () => {
  it('offers Print on the Summary tab only', () => {
    expect(quoteButtons(QUOTE, true, guid).print).toBe(true);
    expect(quoteButtons(QUOTE, false, guid).print).toBe(false);
  });

  it('offers View once a printed document exists, and always on an order', () => {
    expect(quoteButtons(QUOTE, true, guid).view).toBe(false);
    expect(quoteButtons(printed, false, guid).view).toBe(true);
    expect(quoteButtons({ ...QUOTE, type: 2 }, true, guid).view).toBe(true);
  });

  it('Create Quote goes to configurator 31 with a new GUID before the first print', () => {
    expect(quoteButtons(QUOTE, false, guid).quote).toEqual({
      label: 'Create Quote',
      path: '/Configurator/31/12/new-guid',
      isDisabled: false,
    });
    expect(quoteButtons(QUOTE, true, guid).quote?.label).toBe('Create Quote');
  });

  it('Update Quote reuses the stored config id and is hidden on the Summary once printed', () => {
    expect(quoteButtons(printed, false, guid).quote).toEqual({
      label: 'Update Quote',
      path: '/Configurator/31/12/cfg-31',
      isDisabled: false,
    });
    expect(quoteButtons(printed, true, guid).quote).toBeNull();
  });

  it('offers no quote or order document on quote requests and orders', () => {
    for (const type of [2, 3] as const) {
      const buttons = quoteButtons({ ...printed, type }, true, guid);
      expect(buttons.quote).toBeNull();
      expect(buttons.order).toBeNull();
    }
  });

  it('Create Order needs a printed document and the Summary tab; Update Order once a write-up exists', () => {
    expect(quoteButtons(QUOTE, true, guid).order).toBeNull();
    expect(quoteButtons(printed, false, guid).order).toBeNull();
    expect(quoteButtons(printed, true, guid).order).toEqual({
      label: 'Create Order',
      path: '/Configurator/33/12/new-guid',
      isDisabled: false,
    });
    expect(quoteButtons({ ...printed, soWriteUpConfigId: 'so-1' }, true, guid).order).toMatchObject({
      label: 'Update Order',
      path: '/Configurator/33/12/so-1',
    });
  });

  it('disables both on a locked quote', () => {
    const locked = { ...printed, isLocked: true };
    expect(quoteButtons(locked, false, guid).quote?.isDisabled).toBe(true);
    expect(quoteButtons(locked, true, guid).order?.isDisabled).toBe(true);
  });
});

describe('blockedAction', () => {
  it('lets a complete, unlocked quote go', () => {
    expect(blockedAction(QUOTE, 'quote')).toBeNull();
    expect(blockedAction(QUOTE, 'order')).toBeNull();
  });

  it('refuses a locked quote first', () => {
    expect(blockedAction({ ...QUOTE, isLocked: true, lineCount: 0 }, 'order')).toEqual({
      message: MSG.quoteLocked,
      tab: null,
    });
  });

  it('needs the contact first and last name for a quote document, and shows the Details tab', () => {
    for (const contact of [null, { firstName: 'Ada', lastName: ' ' }, { firstName: null, lastName: 'L' }]) {
      expect(blockedAction({ ...QUOTE, contact }, 'quote')).toEqual({ message: MSG.addContactName, tab: DETAILS_TAB });
    }
    expect(blockedAction({ ...QUOTE, contact: null }, 'order')).toBeNull();
  });

  it('waits for the approval a quote needs, as the server does', () => {
    const waiting = { state: 'submitted' as const, stepNames: ['Director'] };
    for (const kind of ['quote', 'order'] as const) {
      expect(blockedAction(QUOTE, kind, waiting)).toEqual({ message: msgApprovalRequired(['Director']), tab: null });
      expect(blockedAction(QUOTE, kind, { state: 'approved', stepNames: ['Director'] })).toBeNull();
    }
  });

  it('needs a line', () => {
    expect(blockedAction({ ...QUOTE, lineCount: 0 }, 'quote')).toEqual({ message: MSG.addLine, tab: null });
    expect(blockedAction({ ...QUOTE, lineCount: 0 }, 'order')).toEqual({ message: MSG.addLine, tab: null });
  });
});

describe('tabs', () => {
  it('shows four tabs on quotes and quote requests, only the Summary on orders', () => {
    expect(tabsOf({ type: 1 })).toEqual(['Lines', 'Details', 'Customer', 'Summary']);
    expect(tabsOf({ type: 3 })).toHaveLength(4);
    expect(tabsOf({ type: 2 })).toEqual(['Summary']);
  });

  it('reads a stored index back only when it is a tab', () => {
    expect(tabIndexFrom('2', 4)).toBe(2);
    expect(tabIndexFrom('', 4)).toBe(0);
    expect(tabIndexFrom('3', 1)).toBe(0);
    expect(tabIndexFrom('x', 4)).toBe(0);
  });
});
