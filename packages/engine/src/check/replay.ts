import type { Scalar } from '../expr';
import type { ProductModel } from '../model/model';
import { intervalIndexOf } from '../product/intervals';
import { normaliseParams, type ParamsInput } from '../product/params';
import { compileModel } from '../product/product-compile';
import { cheapestPath } from './walk';

/** One stored configuration: its explicit choices (option id to value) and the params its session started with. */
export type StoredConfiguration = {
  readonly choices: Readonly<Record<string, Scalar>>;
  readonly params?: ParamsInput;
};

/** One change that makes a stored configuration valid again: `to` is a value, or an interval label for a number. */
export type ConfigurationChange = { readonly option: string; readonly from: string; readonly to: string };

/** What replaying a stored configuration on a model answers: whether it is valid, and the fewest changes if not. */
export type ReplayResult = { readonly isValid: boolean; readonly changes: readonly ConfigurationChange[] };

/**
 * Replays stored configurations against a model: each is valid when a valid configuration of the model keeps all
 * its choices of single, boolean and number options (text is not part of the core). One that is not gets the
 * fewest changes that make it valid: a valid configuration differing from its choices on the fewest options, a
 * shortest path on the diagram where a path pays one for each choice it does not keep (exact). A choice of a value
 * the model no longer has, or a number outside the range, always changes. The core is compiled for each
 * configuration's params; rules checked only at selection time (see `ProductGuarantee`) are not replayed.
 */
export const replayConfigurations = (
  model: ProductModel,
  configurations: readonly StoredConfiguration[],
): ReplayResult[] => {
  const compiled = compileModel(model);
  return configurations.map((stored) => {
    const variant = compiled.variant(normaliseParams(model, stored.params));
    const { problem, mdd } = variant.core;
    const wanted = new Int32Array(problem.optionIds.length).fill(-1);
    const forced = new Set<number>();
    const shown = new Map<number, string>();
    for (const [id, value] of Object.entries(stored.choices)) {
      const x = problem.varIndex.get(id);
      if (x === undefined || value === null) continue;
      shown.set(x, String(value));
      const numbers = variant.numbers.get(id);
      let v: number | undefined;
      if (numbers) {
        const n = typeof value === 'number' ? value : Number(value);
        v = Number.isFinite(n) ? intervalIndexOf(numbers, n) : -1;
      } else {
        const label = typeof value === 'boolean' ? (value ? 'True' : 'False') : String(value);
        v = problem.valueIndex[x]?.get(label === 'true' ? 'True' : label === 'false' ? 'False' : label);
      }
      if (v === undefined || v < 0) forced.add(x);
      else wanted[x] = v;
    }
    const path = mdd ? cheapestPath(mdd, (x, v) => ((wanted[x] ?? -1) >= 0 && wanted[x] !== v ? 1 : 0)) : null;
    if (!path) {
      return {
        isValid: false,
        changes: [...shown].map(([x, from]) => ({ option: problem.optionIds[x] ?? '', from, to: '' })),
      };
    }
    const changes: ConfigurationChange[] = [];
    for (const [x, from] of shown) {
      if (!forced.has(x) && path[x] === wanted[x]) continue;
      changes.push({ option: problem.optionIds[x] ?? '', from, to: problem.domains[x]?.[path[x] ?? 0] ?? '' });
    }
    return { isValid: changes.length === 0, changes };
  });
};
