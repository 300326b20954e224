import type { ProductModel } from '../model/model';

/** Parameter values of a session by name (the spec's initial configurator parameters); `null` is unknown. */
export type ParamValues = Readonly<Record<string, string | number | boolean | null>>;

/** One item of the spec's initial parameter list: `Type` 0 string, 1 number, 2 boolean. */
export type SpecParam = {
  readonly Name: string;
  readonly SimpleValue?: string | number | boolean | null;
  readonly IsNull?: boolean;
  readonly Type?: 0 | 1 | 2 | number;
};

/** Either form a caller may give: a plain record or the spec's list. */
export type ParamsInput = ParamValues | readonly SpecParam[];

const fromSpecItem = (item: SpecParam): string | number | boolean | null => {
  const raw = item.SimpleValue;
  if (item.IsNull || raw === undefined || raw === null) return null;
  if (item.Type === 1) {
    const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  if (item.Type === 2) {
    if (typeof raw === 'boolean') return raw;
    const lower = String(raw).toLowerCase();
    return lower === 'true' || lower === '1' ? true : lower === 'false' || lower === '0' ? false : null;
  }
  return String(raw);
};

/**
 * Normalises a session's params: the spec's list `[{ Name, SimpleValue, IsNull, Type }]` or a plain record, over the
 * model's declared defaults. Values of declared params are coerced to their declared type when unambiguous.
 */
export const normaliseParams = (model: ProductModel, input: ParamsInput | undefined): ParamValues => {
  const given: Record<string, string | number | boolean | null> = Array.isArray(input)
    ? Object.fromEntries((input as readonly SpecParam[]).map((item) => [item.Name, fromSpecItem(item)]))
    : { ...(input as ParamValues | undefined) };
  const values: Record<string, string | number | boolean | null> = {};
  for (const param of model.params ?? []) values[param.name] = param.default ?? null;
  for (const [name, value] of Object.entries(given)) {
    const declared = model.params?.find((param) => param.name === name);
    values[name] = declared ? coerce(value, declared.type) : value;
  }
  return values;
};

const coerce = (value: string | number | boolean | null, type: 'string' | 'number' | 'boolean') => {
  if (value === null) return null;
  if (type === 'number' && typeof value === 'string') {
    const n = Number(value.replace(/,/g, ''));
    return value.trim() !== '' && Number.isFinite(n) ? n : null;
  }
  if (type === 'boolean' && typeof value === 'string') {
    const lower = value.toLowerCase();
    return lower === 'true' ? true : lower === 'false' ? false : null;
  }
  if (type === 'string' && typeof value !== 'string') return String(value);
  return value;
};
