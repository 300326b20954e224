import {
  approvalRefusal,
  CONFIGURATOR_ID,
  isOrder,
  isQuote,
  lockRefusal,
  MSG,
  printRefusal,
  type TApprovalStanding,
  type TQuote,
} from '@cpq/contracts';

/** The tabs of a quote or quote request, in order; an order has only the Summary. */
export const QUOTE_TABS = ['Lines', 'Details', 'Customer', 'Summary'] as const;
export type TQuoteTab = (typeof QUOTE_TABS)[number];
export const SUMMARY_TAB = QUOTE_TABS.indexOf('Summary');
export const DETAILS_TAB = QUOTE_TABS.indexOf('Details');

/** The tabs a quote shows: all four for types 1 and 3, only the Summary for an order. */
export const tabsOf = (quote: Pick<TQuote, 'type'>): readonly TQuoteTab[] =>
  isOrder(quote) ? ['Summary'] : QUOTE_TABS;

/** A stored tab index back as a valid one (anything unreadable is the first tab). */
export function tabIndexFrom(stored: string, tabCount: number): number {
  const index = Number(stored);
  return Number.isInteger(index) && index >= 0 && index < tabCount ? index : 0;
}

type TActionQuote = Pick<
  TQuote,
  'id' | 'type' | 'isLocked' | 'currentPrintedDocument' | 'quoteGenConfigId' | 'soWriteUpConfigId' | 'lineCount'
> & { contact: Pick<NonNullable<TQuote['contact']>, 'firstName' | 'lastName'> | null };

/**
 * An order whose own document is still being printed: the server prints it after the order commits, and until then
 * the order points at no printed document.
 */
export const isOrderDocumentPending = (quote: Pick<TQuote, 'type' | 'currentPrintedDocument'>): boolean =>
  isOrder(quote) && quote.currentPrintedDocument === null;

/** A document button: its label, where it goes, and whether it is disabled (locked quote). */
export type TDocumentButton = { label: string; path: string; isDisabled: boolean };

export type TQuoteButtons = {
  print: boolean;
  view: boolean;
  quote: TDocumentButton | null;
  order: TDocumentButton | null;
};

/**
 * The buttons of the quote detail page (spec section 2, "Buttons"). `isSummary` is whether the Summary tab is the
 * one shown; `newGuid` makes the config id when the quote has none stored yet.
 */
export function quoteButtons(quote: TActionQuote, isSummary: boolean, newGuid: () => string): TQuoteButtons {
  const isQuoteType = isQuote(quote);
  const hasPrinted = quote.currentPrintedDocument !== null;
  const showQuote = isQuoteType && !(isSummary && hasPrinted);
  const showOrder = isQuoteType && hasPrinted && isSummary;
  return {
    print: isSummary,
    view: hasPrinted || isOrder(quote),
    quote: showQuote
      ? {
          label: hasPrinted ? 'Update Quote' : 'Create Quote',
          path: `/Configurator/${CONFIGURATOR_ID.quote}/${quote.id}/${quote.quoteGenConfigId ?? newGuid()}`,
          isDisabled: lockRefusal(quote) !== null,
        }
      : null,
    order: showOrder
      ? {
          label: quote.soWriteUpConfigId ? 'Update Order' : 'Create Order',
          path: `/Configurator/${CONFIGURATOR_ID.order}/${quote.id}/${quote.soWriteUpConfigId ?? newGuid()}`,
          isDisabled: lockRefusal(quote) !== null,
        }
      : null,
  };
}

/** Why a Create/Update Quote or Order cannot start, and which tab to show the user; null when it can. */
export type TActionBlock = { message: string; tab: number | null };

/**
 * The checks before going to the quote (31) or order write-up (33) configurator: a locked quote takes no action;
 * a quote document needs the contact's first and last name (then the Details tab shows) and at least one line; a
 * quote that needs approval is approved first (as the server refuses to print or order it before).
 */
export function blockedAction(
  quote: TActionQuote,
  kind: 'quote' | 'order',
  approval: TApprovalStanding | null = null,
): TActionBlock | null {
  const locked = lockRefusal(quote);
  if (locked) return { message: locked.message, tab: null };
  if (kind === 'quote' && !(quote.contact?.firstName?.trim() && quote.contact.lastName?.trim())) {
    return { message: MSG.addContactName, tab: DETAILS_TAB };
  }
  const unprintable = printRefusal(quote);
  if (unprintable) return { message: unprintable.message, tab: null };
  const unapproved = approval ? approvalRefusal(approval) : null;
  if (unapproved) return { message: unapproved.message, tab: null };
  return null;
}
