const FOCUSABLE = 'input:checked:not([disabled]), input:not([type="hidden"]):not([disabled]), textarea:not([disabled])';

/** Moves focus to an option's control, when the option is on screen; answers whether it did. */
export function focusOption(optionId: string): boolean {
  if (!optionId) return false;
  const holder = document.querySelector(`[data-option-id="${CSS.escape(optionId)}"]`);
  const target = holder?.querySelector<HTMLElement>(FOCUSABLE);
  if (!target) return false;
  target.focus({ preventScroll: false });
  return true;
}
