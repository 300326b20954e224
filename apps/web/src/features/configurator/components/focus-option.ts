/** Where focus goes inside an option, best first: a select's box, the chosen radio, then any usable field. */
const FOCUS_ORDER = [
  '[role="combobox"]:not([aria-disabled="true"])',
  'input[type="radio"]:checked:not([disabled])',
  'input:not([type="hidden"]):not([aria-hidden="true"]):not([disabled])',
  'textarea:not([disabled]):not([aria-hidden="true"])',
];

/** Moves focus to an option's control, when the option is on screen; answers whether it did. */
export function focusOption(optionId: string): boolean {
  if (!optionId) return false;
  const holder = document.querySelector(`[data-option-id="${CSS.escape(optionId)}"]`);
  if (!holder) return false;
  for (const selector of FOCUS_ORDER) {
    const target = holder.querySelector<HTMLElement>(selector);
    if (target) {
      target.focus();
      return true;
    }
  }
  return false;
}
