import type { TUiMessage } from '@cpq/contracts';

export type TToastKind = 'error' | 'warning' | 'info';

/** Critical engine messages are failure toasts, warnings warning toasts, anything else information. */
export function toastKindOf(message: TUiMessage): TToastKind {
  if (message.Type === 'Critical') return 'error';
  if (message.Type === 'Warning') return 'warning';
  return 'info';
}

const keyOf = (message: TUiMessage): string => `${message.Type}\u0000${message.Value}`;

/** The messages of the new state that the previous state did not have, so that a step never repeats a toast. */
export function newMessages(previous: readonly TUiMessage[] | null, next: readonly TUiMessage[]): TUiMessage[] {
  const seen = new Set((previous ?? []).map(keyOf));
  return next.filter((message) => !seen.has(keyOf(message)));
}
