import type { TChoiceChange, TExplainResult, TUiScreenOption, TUiSelectableValue } from '@cpq/contracts';

/** One change in words: 'Finish from Walnut to Black', 'clears Finish (Walnut)', 'sets Finish to Black'. */
export function describeChange(change: TChoiceChange): string {
  const from = change.fromCaption || change.from;
  const to = change.toCaption || change.to;
  if (!to) return `clears ${change.optionCaption} (${from})`;
  if (!from) return `sets ${change.optionCaption} to ${to}`;
  return `${change.optionCaption} from ${from} to ${to}`;
}

/** A list in words: 'a', 'a and b', 'a, b and c'. */
export function joinWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The smallest change as one sentence: 'Choose Steel instead: changes Finish from Walnut to Black'. */
export function smallestChangeSentence(explain: TExplainResult): string {
  const head = `Choose ${explain.valueCaption} instead`;
  if (explain.changes.length === 0) return head;
  const changes = explain.changes.map(describeChange);
  const needsVerb = changes.map((text) => !/^(clears|sets) /.test(text));
  const words = changes.map((text, index) => (needsVerb[index] ? `changes ${text}` : text));
  return `${head}: ${joinWords(words)}`;
}

/** The choices that exclude the value, in words: 'Finish is Walnut and Frame is Oak'. */
export const conflictWords = (explain: TExplainResult): string =>
  joinWords(explain.conflict.map((item) => `${item.optionCaption} is ${item.valueCaption || item.value}`));

/** How a value is named on its own: a checkbox's 'No' says which box ('Safety edge: No'), other values their caption. */
export const valueName = (
  option: Pick<TUiScreenOption, 'Caption' | 'DisplayType'>,
  value: Pick<TUiSelectableValue, 'Caption'>,
): string => {
  if (option.DisplayType !== 'checkbox') return value.Caption;
  const caption = { true: 'Yes', false: 'No' }[value.Caption.toLowerCase()] ?? value.Caption;
  return `${option.Caption}: ${caption}`;
};
