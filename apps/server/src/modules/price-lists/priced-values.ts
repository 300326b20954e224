import { fromCents, type TPricedValue } from '@cpq/contracts';

type TModelOption = { id?: unknown; caption?: unknown; values?: unknown };
type TModelValue = { value?: unknown; caption?: unknown; price?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The values of a stored model that carry a price of their own (`price`, integer cents, not zero), in model order,
 * captioned as the engine's priced components are ('Frame: Carbon'). A price list entry may price any of them.
 */
export function pricedValuesOf(model: unknown): TPricedValue[] {
  if (!isObject(model) || !Array.isArray(model.options)) return [];
  return (model.options as TModelOption[]).flatMap((option) => {
    if (!isObject(option) || typeof option.id !== 'string' || !Array.isArray(option.values)) return [];
    const optionCaption = typeof option.caption === 'string' ? option.caption : option.id;
    return (option.values as TModelValue[]).flatMap((value) => {
      if (!isObject(value) || typeof value.value !== 'string') return [];
      if (typeof value.price !== 'number' || !Number.isSafeInteger(value.price) || value.price === 0) return [];
      const caption = typeof value.caption === 'string' ? value.caption : value.value;
      return [
        {
          optionId: option.id as string,
          valueId: value.value,
          caption: `${optionCaption}: ${caption}`,
          price: fromCents(value.price),
        },
      ];
    });
  });
}

/** Whether a model prices this value of this option (so that a price list entry may name it). */
export const isPricedValue = (model: unknown, optionId: string, valueId: string): boolean =>
  pricedValuesOf(model).some((value) => value.optionId === optionId && value.valueId === valueId);
