import type { ProductModel } from '@cpq/engine';

export type TModel = ProductModel;
export type TOption = ProductModel['options'][number];
export type TOptionValue = NonNullable<TOption['values']>[number];
export type TPage = ProductModel['pages'][number];
export type TScreen = TPage['screens'][number];
export type TConstraint = ProductModel['constraints'][number];

/** The list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** The list with the item at `index` replaced. */
export const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] =>
  items.map((entry, i) => (i === index ? item : entry));

/** The list without the item at `index`. */
export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** The first `<prefix><n>` (n from 1) that is not among `taken`: ids for new options, pages, screens and rules. */
export function nextId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  for (let n = 1; ; n += 1) if (!used.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

/** Every id an option, page, screen or constraint of the model uses. */
export function usedIds(model: TModel): string[] {
  return [
    ...model.options.map((option) => option.id),
    ...model.pages.flatMap((page) => [page.id, ...page.screens.map((screen) => screen.id)]),
    ...model.constraints.map((constraint) => constraint.id),
  ];
}

const DOLLARS = /^\s*(-)?\$?\s*(\d{1,13})(?:\.(\d{0,2}))?\s*$/;

/** Integer cents from a dollar amount as typed ('12', '12.5', '$1,2' refused); null when it is not one. */
export function centsFromText(text: string): number | null {
  const match = DOLLARS.exec(text.replace(/,/g, ''));
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Cents as the dollar amount a price field shows ('12.50'); empty for none. */
export function textFromCents(cents: number | undefined): string {
  if (cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An option renamed everywhere the model names it by id (screens and tables); rules keep their text. */
export function renameOption(model: TModel, from: string, to: string): TModel {
  return {
    ...model,
    options: model.options.map((option) => (option.id === from ? { ...option, id: to } : option)),
    pages: model.pages.map((page) => ({
      ...page,
      screens: page.screens.map((screen) => ({
        ...screen,
        options: screen.options.map((id) => (id === from ? to : id)),
      })),
    })),
    constraints: model.constraints.map((constraint) =>
      constraint.kind === 'table'
        ? { ...constraint, options: constraint.options.map((id) => (id === from ? to : id)) }
        : constraint,
    ),
  };
}

/** The model without an option, and without its places on screens and in tables. */
export function removeOption(model: TModel, index: number): TModel {
  const id = model.options[index]?.id;
  return {
    ...model,
    options: removeAt(model.options, index),
    pages: model.pages.map((page) => ({
      ...page,
      screens: page.screens.map((screen) => ({ ...screen, options: screen.options.filter((o) => o !== id) })),
    })),
    constraints: model.constraints.map((constraint) => {
      if (constraint.kind !== 'table') return constraint;
      const column = constraint.options.indexOf(id ?? '');
      if (column < 0) return constraint;
      return {
        ...constraint,
        options: removeAt(constraint.options, column),
        tuples: constraint.tuples.map((tuple) => removeAt(tuple, column)),
      };
    }),
  };
}
