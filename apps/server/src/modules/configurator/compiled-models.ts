import { type CompiledProduct, compileModel, parseModel } from '@cpq/engine';

/** How many compiled model versions a process keeps (Megane's diagram and indexes take a few MB). */
export const COMPILED_MODELS_CAPACITY = 32;

/**
 * Compiled product models per model version (`product_models.id`, whose content never changes), in a bounded
 * least-recently-used cache: each version compiles once per process, and concurrent first requests share one
 * compile. A failed compile is not kept, so the next request tries again.
 */
export class CompiledModels {
  private readonly entries = new Map<number, Promise<CompiledProduct>>();

  constructor(private readonly capacity = COMPILED_MODELS_CAPACITY) {}

  /** The compiled model of version `modelId`; `load` reads its JSON, only on a miss. */
  get(modelId: number, load: () => Promise<unknown>): Promise<CompiledProduct> {
    const cached = this.entries.get(modelId);
    if (cached) {
      this.entries.delete(modelId);
      this.entries.set(modelId, cached);
      return cached;
    }
    const compiling = load().then((json) => compileModel(parseModel(json)));
    this.entries.set(modelId, compiling);
    compiling.catch(() => {
      if (this.entries.get(modelId) === compiling) this.entries.delete(modelId);
    });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return compiling;
  }

  get size(): number {
    return this.entries.size;
  }
}
