/** What the configurator does after the engine answers a change of an option with auto-continue. */
export type TAutoContinueStep = { kind: 'none' } | { kind: 'resend' } | { kind: 'goToPage'; pageIndex: number };

export type TAutoContinueInput = {
  /** The option's AutoContinueMode: 0 none, 1 send once, 2 send twice if focus stays, 3 move on. */
  mode: number;
  optionId: string;
  /** How many times the value has been sent so far for this change (1 after the first answer). */
  sendCount: number;
  /** The answer's OptionToFocus. */
  optionToFocus: string;
  /** True when the option is the last visible option of its page. */
  isLastOption: boolean;
  /** True when the option has a value in the answer. */
  hasValue: boolean;
  /** Indexes into Pages of the visible pages, in order, and the page being shown. */
  visiblePages: readonly number[];
  currentPage: number;
};

const NONE: TAutoContinueStep = { kind: 'none' };

/**
 * The spec's auto-continue modes, read literally: 1 sends the value once (nothing more to do); 2 sends it a second
 * time when the engine keeps the focus on the same option, and on the last option with no value moves to the last
 * page; 3 moves to the page after the one being shown (the last page visited).
 */
export function decideAutoContinue(input: TAutoContinueInput): TAutoContinueStep {
  const { mode, visiblePages, currentPage } = input;
  if (mode === 2) {
    const lastPage = visiblePages.at(-1);
    if (input.isLastOption && !input.hasValue && lastPage !== undefined && lastPage !== currentPage) {
      return { kind: 'goToPage', pageIndex: lastPage };
    }
    if (input.sendCount === 1 && input.optionToFocus === input.optionId) return { kind: 'resend' };
    return NONE;
  }
  if (mode === 3) {
    const next = visiblePages.find((index) => index > currentPage);
    return next === undefined ? NONE : { kind: 'goToPage', pageIndex: next };
  }
  return NONE;
}
