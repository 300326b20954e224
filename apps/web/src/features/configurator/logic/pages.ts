import type { TUiPage, TUiScreenOption, TUiState } from '@cpq/contracts';

/** Indexes into Pages of the pages to show, in order. */
export const visiblePageIndexes = (pages: readonly TUiPage[]): number[] =>
  pages.flatMap((page, index) => (page.IsVisible ? [index] : []));

/** The visible options of a page, in screen order. */
export const visibleOptions = (page: TUiPage | undefined): TUiScreenOption[] =>
  (page?.Screens ?? []).flatMap((screen) => screen.ScreenOptions.filter((option) => option.IsVisible));

/** The page to show: the wanted one while it is visible, else the nearest visible page before it, else the first. */
export function settlePage(pages: readonly TUiPage[], wanted: number): number {
  const visible = visiblePageIndexes(pages);
  if (visible.includes(wanted)) return wanted;
  return [...visible].reverse().find((index) => index < wanted) ?? visible[0] ?? 0;
}

/** The page that holds an option, or null. */
export function pageOfOption(state: TUiState, optionId: string): number | null {
  const index = state.Pages.findIndex((page) =>
    page.Screens.some((screen) => screen.ScreenOptions.some((option) => option.ID === optionId)),
  );
  return index === -1 ? null : index;
}

/** Finds a visible option by id. */
export function findOption(state: TUiState, optionId: string): TUiScreenOption | null {
  for (const page of state.Pages) {
    const option = visibleOptions(page).find((candidate) => candidate.ID === optionId);
    if (option) return option;
  }
  return null;
}
