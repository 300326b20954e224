import { msgProductModelTooComplex } from '@cpq/contracts';
import {
  type CompiledDiagram,
  type CompiledProduct,
  compileModel,
  normaliseParams,
  type ParamsInput,
  type ProductModel,
  parseModel,
} from '@cpq/engine';
import { AppError } from '../lib/app-error';
import { modelHashOf, type TDiagramStore } from './compiled-diagram-store';
import { ModelTooComplexError, type TModelCompiler } from './model-compiler';

/** How many compiled model versions a process keeps (Megane's diagram and indexes take a few MB). */
export const COMPILED_MODELS_CAPACITY = 32;

/** Param bindings whose core was too complex, remembered per process so that requests do not compile them again. */
const REFUSED_VARIANTS_CAPACITY = 64;

/** A user's start on a stored version that does not compile within the limits: 422, saying why. */
const tooComplexForUsers = (error: unknown): unknown =>
  error instanceof ModelTooComplexError
    ? new AppError('MODEL_TOO_COMPLEX', msgProductModelTooComplex(error.limit), [
        { path: 'productId', message: msgProductModelTooComplex(error.limit) },
      ])
    : error;

/** Where compiled diagrams outlive the process (none: each process compiles), and how many versions it keeps. */
export type TCompiledModelsOptions = { store?: TDiagramStore | null; capacity?: number };

/**
 * Compiled product models per model version (`product_models.id`, whose content never changes), in a bounded
 * least-recently-used cache. A version's diagram is read from the store when it holds one for the same model,
 * else compiled in the compiler's worker threads and stored, so each version compiles once, not once per process;
 * concurrent first requests share one load or compile. Only the assembly of the compiled model from the diagram
 * runs on the calling thread. A version too complex to compile is remembered as such; any other failure is not
 * kept, so the next request tries again.
 */
export class CompiledModels {
  private readonly entries = new Map<number, Promise<CompiledProduct>>();
  private readonly variants = new WeakMap<CompiledProduct, Map<string, Promise<void>>>();
  private readonly store: TDiagramStore | null;
  private readonly capacity: number;

  constructor(
    private readonly compiler: TModelCompiler,
    options: TCompiledModelsOptions = {},
  ) {
    this.store = options.store ?? null;
    this.capacity = options.capacity ?? COMPILED_MODELS_CAPACITY;
  }

  /** The compiled model of version `modelId`; `load` reads its JSON, only on a miss. */
  get(modelId: number, load: () => Promise<unknown>): Promise<CompiledProduct> {
    const cached = this.entries.get(modelId);
    if (cached) {
      this.entries.delete(modelId);
      this.entries.set(modelId, cached);
      return cached;
    }
    const compiling = load()
      .then(async (json) => {
        const model = parseModel(json);
        const modelHash = this.store ? modelHashOf(model) : '';
        const stored = await this.store?.read(modelId, modelHash);
        const loaded = stored ? this.assembleStored(model, stored) : null;
        if (loaded) return loaded;
        const { diagram } = await this.compiler.compile(model);
        const compiled = this.assemble(model, diagram);
        // A few ms after a compile of up to the budget; the store never rejects.
        await this.store?.write(modelId, modelHash, diagram);
        return compiled;
      })
      .catch((error: unknown) => {
        throw tooComplexForUsers(error);
      });
    this.put(modelId, compiling);
    compiling.catch((error: unknown) => {
      const isKept = error instanceof AppError && error.code === 'MODEL_TOO_COMPLEX';
      if (!isKept && this.entries.get(modelId) === compiling) this.entries.delete(modelId);
    });
    return compiling;
  }

  /**
   * Keeps a version just saved, compiled to check it, and stores its diagram: neither this process's first start
   * of it nor another's compiles.
   */
  async keep(modelId: number, compiled: CompiledProduct, diagram: CompiledDiagram): Promise<void> {
    this.put(modelId, Promise.resolve(compiled));
    await this.store?.write(modelId, modelHashOf(compiled.model), diagram);
  }

  /** Keeps a version compiled elsewhere, sparing its first start. */
  put(modelId: number, compiled: Promise<CompiledProduct>): void {
    this.entries.set(modelId, compiled);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** The compiled model from a diagram the compiler made, with the same limits (cheap: nothing is compiled). */
  assemble(model: ProductModel, diagram: CompiledDiagram): CompiledProduct {
    const { budgetMs, maxNodes } = this.compiler.limits;
    return compileModel(model, { diagram, budgetMs, maxNodes });
  }

  /** The compiled model from a stored diagram, or null when the engine refuses it (it is then compiled again). */
  private assembleStored(model: ProductModel, diagram: CompiledDiagram): CompiledProduct | null {
    try {
      return this.assemble(model, diagram);
    } catch {
      return null;
    }
  }

  /**
   * Makes sure the core for `params` is compiled, in the worker threads, before a session is created with them:
   * a model whose rules read params (the bicycle's `state`) has a core per distinct binding, which the engine would
   * otherwise compile on the calling thread. Concurrent requests for one binding share one compile.
   */
  async ready(compiled: CompiledProduct, params: ParamsInput | undefined): Promise<void> {
    const values = normaliseParams(compiled.model, params);
    if (compiled.hasVariant(values)) return;
    const key = JSON.stringify(compiled.coreParams.map((name) => values[name] ?? null));
    let pending = this.variants.get(compiled);
    if (!pending) {
      pending = new Map();
      this.variants.set(compiled, pending);
    }
    let compiling = pending.get(key);
    if (!compiling) {
      const forKey = this.compiler.compile(compiled.model, values).then(({ diagram }) => {
        compiled.variant(values, diagram);
      });
      compiling = forKey;
      pending.set(key, forKey);
      // Done ones leave (the engine keeps the core); too complex ones stay, a bounded few.
      forKey.then(
        () => pending.delete(key),
        (error: unknown) => {
          if (!(error instanceof ModelTooComplexError)) pending.delete(key);
          if (pending.size > REFUSED_VARIANTS_CAPACITY) pending.delete(pending.keys().next().value as string);
        },
      );
    }
    await compiling.catch((error: unknown) => {
      throw tooComplexForUsers(error);
    });
  }

  get size(): number {
    return this.entries.size;
  }
}
